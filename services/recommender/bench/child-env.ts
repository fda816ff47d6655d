/**
 * The environment for a bench's helper child that is not the process being measured (the catalog
 * writer of `train-memory.ts`): the caller's, without a V8 heap cap in NODE_OPTIONS. The trainer's
 * budget (`NODE_OPTIONS=--max-old-space-size=1024`) is for the trainer; a million-film catalog's
 * writing needs ~1.4 GB and ran out of heap under it (decision 0112).
 */
export function withoutHeapCap(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = (env.NODE_OPTIONS ?? '')
    .replace(/(^|\s)--max[-_]old[-_]space[-_]size(=|\s+)\S+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  const out = { ...env };
  if (options) out.NODE_OPTIONS = options;
  else delete out.NODE_OPTIONS;
  return out;
}
