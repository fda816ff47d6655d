import { terminalProgress } from '@app/catalog';
import { dataDir, loadCatalog } from './catalog';
import { createRecommenderServer } from './http/server';
import { ModelStore } from './http/model-store';
import { currentArtifactName, writeArtifact } from './model/artifact';
import { buildModel } from './train/build-model';
import { Retrainer } from './train/retrain';
import { defaultSignalsFile, readSignalsFile } from './train/signals';

const log = (msg: string) =>
  console.log(JSON.stringify({ service: 'recommender', time: new Date().toISOString(), msg }));
const port = Number(process.env.RECOMMENDER_PORT ?? 3001);
const dir = dataDir();
const store = new ModelStore(dir, log);
const server = createRecommenderServer(store);
// Listen at once: /health answers 503 until a model is served, so nothing waits on a closed port.
server.listen(port, process.env.RECOMMENDER_HOST ?? '127.0.0.1', () => log(`listening on ${port}`));

if (!currentArtifactName(dir)) {
  // First start on a fresh machine: the default model, built from the catalog (and any signals).
  log('no model yet: building the default content model');
  const catalog = await loadCatalog(dir);
  const progress = terminalProgress((m) => log(m));
  progress.start(catalog.byId.size, 'Building the content model');
  // With the product's signals if the API has already exported some (a new DATA_DIR usually has none).
  const signals = readSignalsFile(defaultSignalsFile(dir));
  const artifact = buildModel({ catalog, signals, onProgress: (d) => progress.update(d) });
  progress.stop();
  writeArtifact(dir, artifact);
}
store.reload();
const stopWatching = store.watch();

// Retrain when the product's signals change: checked a minute after start, then every N minutes.
const retrainMinutes = minutes(process.env.RECOMMENDER_RETRAIN_MINUTES, 30);
const retrainer = new Retrainer({
  dataDir: dir,
  served: () => store.current(),
  reload: () => store.reload(),
  log,
});
const stopRetraining =
  retrainMinutes > 0
    ? retrainer.schedule(retrainMinutes * 60_000, Math.min(60_000, retrainMinutes * 60_000))
    : () => {};
if (retrainMinutes === 0) log('scheduled retraining is off (RECOMMENDER_RETRAIN_MINUTES=0)');

function minutes(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  log(`RECOMMENDER_RETRAIN_MINUTES must be a number of minutes (0 = off), not "${value}": using ${fallback}`);
  return fallback;
}

const shutdown = () => {
  stopRetraining();
  stopWatching();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
