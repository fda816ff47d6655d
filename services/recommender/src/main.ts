import { ConfigError, EXIT_CONFIG } from '@app/contracts/config';
import { createLogger, loadRecommenderConfig, type RecommenderConfig } from './config';
import { createRecommenderServer } from './http/server';
import { ModelStore } from './http/model-store';
import { artifactFileName, currentArtifactName, ratingsPathOf, readArtifact } from './model/artifact';
import { LocalExchange, PgExchange, type ModelExchange } from './replicas/model-exchange';
import { CatalogFollower } from './train/follow-catalog';
import { Retrainer, type OnDemandLists } from './train/retrain';
import { signalsSecret, SignalsClient } from './train/signals-client';

let config: RecommenderConfig;
try {
  config = loadRecommenderConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(EXIT_CONFIG);
}
const { env, dataDir: dir, signalsUrl, catalogPollMs, databaseUrl, modelPollMs } = config;
const logger = createLogger(env.LOG_LEVEL);
const log = (msg: string) => logger.info(msg);
const port = env.RECOMMENDER_PORT;
const store = new ModelStore(dir, log);
// POST /recommend/user is internal: the API presents the same secret as on its signals endpoint.
let secret: string | undefined;
// Before the first model, its build answers each film's list on demand (decision 0080).
let onDemand: OnDemandLists | null = null;
const holder = {
  current: () => store.current(),
  evaluation: () => store.evaluation(),
  onDemand: () => onDemand,
};
const server = createRecommenderServer(holder, {
  secret: () => (secret ??= signalsSecret(dir, env.RECOMMENDER_SIGNALS_SECRET)),
  onError: (err, what) => logger.error({ err }, what),
});
// Listen at once: /health answers 503 until a model is served, so nothing waits on a closed port.
server.listen(port, env.RECOMMENDER_HOST, () => log(`listening on ${port}`));

let ratingsBefore: string | undefined;
try {
  store.reload();
} catch (err) {
  // A model this version cannot read (an older format): build a new one as on a first start,
  // from the same MovieLens folder if it had one.
  const name = currentArtifactName(dir);
  ratingsBefore = name ? ratingsPathOf(dir, name) : undefined;
  log(
    `cannot serve the model on disk (${(err as Error).message}): building a new one${ratingsBefore ? ` with ${ratingsBefore}` : ''}`,
  );
}
const stopWatching = store.watch();

// Several replicas (DATABASE_URL, decision 0092): one trains or folds at a time, under a PostgreSQL
// advisory lock, and publishes its model; every replica loads the newest published one and swaps
// it in as it does a model trained here. Without it: one process, DATA_DIR only, as before.
const exchange: ModelExchange = databaseUrl
  ? new PgExchange({
      databaseUrl,
      dataDir: dir,
      facts: (version) => {
        const served = store.current();
        const a = served?.version === version ? served : readArtifact(dir, artifactFileName(version));
        return {
          format: a.format,
          catalogGeneration: a.sources.catalog_generation ?? null,
          signalsSha256: a.sources.product_signals_sha256 ?? null,
        };
      },
      loaded: () => store.reload(),
      log,
    })
  : new LocalExchange();
if (databaseUrl) log('replicas: models shared through PostgreSQL, one trainer at a time');

// The product's signals come from the API over HTTP, so the two may run on different hosts.
const signals = new SignalsClient(signalsUrl, () => signalsSecret(dir, env.RECOMMENDER_SIGNALS_SECRET));
const retrainer = new Retrainer({
  dataDir: dir,
  served: () => store.current(),
  signals: () => signals.fetch(),
  reload: () => store.reload(),
  ratingsBefore: () => ratingsBefore,
  onDemand: (lists) => {
    if (lists) log('answering each film on demand while the first model is built');
    onDemand = lists;
  },
  busy: () => follower.isRunning(),
  exclusive: (fn) => exchange.exclusive(fn),
  log,
});
// A synced catalog (issue 42): a new generation of `catalog/current.json` is folded into the served
// model in a child process and swapped in, one writer of the model at a time (decision 0085).
const follower: CatalogFollower = new CatalogFollower({
  dataDir: dir,
  served: () => store.current(),
  reload: () => store.reload(),
  busy: () => retrainer.isRunning(),
  exclusive: (fn) => exchange.exclusive(fn),
  log,
});
const stopFollowing = catalogPollMs > 0 ? follower.schedule(catalogPollMs) : () => {};

// First start on a fresh machine: the default model is built in a child process (the event loop
// stays free: /health answers 503 meanwhile), then served; /recommend is answered from that build's
// ranker on demand as soon as it is made (decision 0080), and 503 with Retry-After before.
// With replicas: the newest published model first, then every RECOMMENDER_MODEL_POLL_SECONDS.
const stopPulling = exchange.poll(modelPollMs);
if (!store.current()) {
  // A replica joining a site that has a model loads it instead of building one.
  void exchange
    .pullNewest()
    .catch(() => false)
    .then(() => {
      if (!store.current()) void retrainer.checkNow();
    });
}

// Then: fetch the signals every N minutes and retrain when they changed (one training at a time,
// at most one per interval: the cost is bounded whatever the traffic).
const retrainMinutes = env.RECOMMENDER_RETRAIN_MINUTES;
const stopRetraining =
  retrainMinutes > 0
    ? retrainer.schedule(retrainMinutes * 60_000, Math.min(30_000, retrainMinutes * 60_000))
    : () => {};
log(
  retrainMinutes > 0
    ? `learning from ${signalsUrl} every ${retrainMinutes} min`
    : 'scheduled retraining is off (RECOMMENDER_RETRAIN_MINUTES=0)',
);

const shutdown = () => {
  stopRetraining();
  stopFollowing();
  stopWatching();
  stopPulling();
  void exchange.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
