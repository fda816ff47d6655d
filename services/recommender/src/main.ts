import { dataDir } from './catalog';
import { createRecommenderServer } from './http/server';
import { ModelStore } from './http/model-store';
import { Retrainer } from './train/retrain';
import { defaultSignalsUrl, signalsSecret, SignalsClient } from './train/signals-client';

const log = (msg: string) =>
  console.log(JSON.stringify({ service: 'recommender', time: new Date().toISOString(), msg }));
const port = Number(process.env.RECOMMENDER_PORT ?? 3001);
const dir = dataDir();
const store = new ModelStore(dir, log);
const server = createRecommenderServer(store);
// Listen at once: /health answers 503 until a model is served, so nothing waits on a closed port.
server.listen(port, process.env.RECOMMENDER_HOST ?? '127.0.0.1', () => log(`listening on ${port}`));

try {
  store.reload();
} catch (err) {
  // A model this version cannot read (an older format): build a new one as on a first start.
  log(`cannot serve the model on disk (${(err as Error).message}): building a new one`);
}
const stopWatching = store.watch();

// The product's signals come from the API over HTTP, so the two may run on different hosts.
const signalsUrl = defaultSignalsUrl();
const signals = new SignalsClient(signalsUrl, () =>
  signalsSecret(dir, process.env.RECOMMENDER_SIGNALS_SECRET),
);
const retrainer = new Retrainer({
  dataDir: dir,
  served: () => store.current(),
  signals: () => signals.fetch(),
  reload: () => store.reload(),
  log,
});

// First start on a fresh machine: the default model is built in a child process (the event loop
// stays free: /health answers 503 meanwhile, /recommend too), then served.
if (!store.current()) void retrainer.checkNow();

// Then: fetch the signals every N minutes and retrain when they changed (one training at a time,
// at most one per interval: the cost is bounded whatever the traffic).
const retrainMinutes = minutes(process.env.RECOMMENDER_RETRAIN_MINUTES, 2);
const stopRetraining =
  retrainMinutes > 0
    ? retrainer.schedule(retrainMinutes * 60_000, Math.min(30_000, retrainMinutes * 60_000))
    : () => {};
log(
  retrainMinutes > 0
    ? `learning from ${signalsUrl} every ${retrainMinutes} min`
    : 'scheduled retraining is off (RECOMMENDER_RETRAIN_MINUTES=0)',
);

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
