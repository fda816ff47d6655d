import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The API's long catalog work done in child processes (decision 0084), so that its event loop
 * never stalls: a sync (minutes of TMDB calls and a catalog write), and the chat's vectors for a
 * new catalog (seconds of CPU). Each child runs the TypeScript source with tsx (as the
 * recommender's trainers do), at a lower priority, and stops when the API is gone, killed with -9
 * included (`scripts/exit-with-parent.mjs`, decision 0079).
 */

/** The repository's root: the folder above this one that holds `scripts/exit-with-parent.mjs`. */
function repoRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'scripts', 'exit-with-parent.mjs'))) return dir;
    if (dirname(dir) === dir) throw new Error('scripts/exit-with-parent.mjs not found');
  }
}

export interface ChildRun {
  /** Passed as the child's arguments after the script. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Aborting kills the child (the API stops). */
  signal?: AbortSignal;
  /** Each line the child writes (its progress). */
  onLine?: (line: string) => void;
}

/**
 * Runs a TypeScript script in a child node process (tsx, `exit-with-parent`, nice 10). Resolves
 * when it exits 0; rejects with its exit code and last line of output otherwise.
 */
export function runTsChild(script: string, run: ChildRun = {}): Promise<void> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const exitWithParent = pathToFileURL(join(repoRoot(), 'scripts', 'exit-with-parent.mjs')).href;
  return new Promise<void>((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', exitWithParent, '--import', tsx, script, ...(run.args ?? [])],
      {
        env: { ...process.env, ...run.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(run.signal ? { signal: run.signal } : {}),
      },
    );
    try {
      if (child.pid) setPriority(child.pid, 10); // serving comes first
    } catch {
      // not permitted here: normal priority
    }
    let last = '';
    let partial = '';
    const read = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines)
        if (line.trim()) {
          last = line.slice(0, 500);
          run.onLine?.(line);
        }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (partial.trim()) last = partial.slice(0, 500);
      if (code === 0) done();
      else fail(new Error(`${script.split('/').at(-1)} exited with ${code ?? signal}: ${last}`));
    });
  });
}

const TRAIN_VECTORS = resolve(import.meta.dirname, '../chat/train-vectors.ts');

/** The chat's vectors for the catalog at `catalogPath`, trained in a child and written to `vectorsFile`. */
export function trainChatVectorsApart(catalogPath: string, vectorsFile: string, signal?: AbortSignal) {
  return runTsChild(TRAIN_VECTORS, { args: [catalogPath, vectorsFile], ...(signal ? { signal } : {}) });
}
