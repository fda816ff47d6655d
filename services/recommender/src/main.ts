import { terminalProgress } from '@app/catalog';
import { dataDir, loadCatalog } from './catalog';
import { createRecommenderServer } from './http/server';
import { ModelStore } from './http/model-store';
import { currentArtifactName, writeArtifact } from './model/artifact';
import { buildModel } from './train/build-model';

const log = (msg: string) =>
  console.log(JSON.stringify({ service: 'recommender', time: new Date().toISOString(), msg }));
const port = Number(process.env.RECOMMENDER_PORT ?? 3001);
const dir = dataDir();
const store = new ModelStore(dir, log);
const server = createRecommenderServer(store);
// Listen at once: /health answers 503 until a model is served, so nothing waits on a closed port.
server.listen(port, process.env.RECOMMENDER_HOST ?? '127.0.0.1', () => log(`listening on ${port}`));

if (!currentArtifactName(dir)) {
  // First start on a fresh machine: the default content model, built from the catalog alone.
  log('no model yet: building the default content model');
  const catalog = await loadCatalog(dir);
  const progress = terminalProgress((m) => log(m));
  progress.start(catalog.byId.size, 'Building the content model');
  const artifact = buildModel({ catalog, onProgress: (d) => progress.update(d) });
  progress.stop();
  writeArtifact(dir, artifact);
}
store.reload();
const stopWatching = store.watch();

const shutdown = () => {
  stopWatching();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
