// `npm run catalog:sync`: one TMDB sync of DATA_DIR's catalog now (decision 0083).
import {
  CatalogSyncEnvSchema,
  ConfigError,
  EXIT_CONFIG,
  parseEnv,
  resolveDataDir,
} from '@app/contracts/config';
import { terminalProgress } from '../load';
import { runCatalogSync, SyncConfigError, type CatalogSyncSummary } from './run';
import { SyncLockedError } from './state';

export function summaryLine(s: CatalogSyncSummary): string {
  return (
    `${s.new} new, ${s.changed} changed, ${s.removed} removed, ${s.failed} failed` +
    (s.skipped ? `, ${s.skipped} not kept` : '') +
    (s.deferred ? `, ${s.deferred} left for the next sync` : '') +
    ` | ${s.calls} TMDB calls | ${(s.ms / 1000).toFixed(1)} s` +
    (s.generation !== null ? ` | generation ${s.generation}, ${s.movies} films` : '')
  );
}

const controller = new AbortController();
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    console.error(`\n${sig}: stopping; the next "npm run catalog:sync" goes on from here.`);
    controller.abort(new Error(sig));
  });

try {
  // TMDB_EXPORTS_URL and CATALOG_SYNC_MAX_DETAILS as the API validates them.
  parseEnv(CatalogSyncEnvSchema, process.env);
  const summary = await runCatalogSync({
    dataDir: resolveDataDir(process.env.DATA_DIR),
    env: process.env,
    progress: terminalProgress((line) => console.log(line)),
    signal: controller.signal,
    log: (line) => console.log(line),
  });
  if (summary.ok) {
    console.log(`Catalog sync done${summary.resumed ? ' (resumed)' : ''}: ${summaryLine(summary)}`);
    process.exitCode = 0;
  } else {
    console.error(`Catalog sync stopped: ${summary.error}`);
    console.error(
      `  fetched so far: ${summaryLine(summary)}; the catalog is unchanged until a run completes.`,
    );
    process.exitCode = 1;
  }
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(EXIT_CONFIG);
  }
  if (err instanceof SyncConfigError || err instanceof SyncLockedError) console.error((err as Error).message);
  else console.error(err);
  process.exitCode = err instanceof SyncLockedError ? 75 : 1;
}
