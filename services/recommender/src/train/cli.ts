import cliProgress from 'cli-progress';
import { parseArgs } from 'node:util';
import { dataDir, fromCaller, loadCatalog } from '../catalog';
import { readCatalogGeneration } from '../catalog-generation';
import { readMovieLens } from '../data/interactions';
import { modelsDir, StreamedFields, writeArtifact } from '../model/artifact';
import { receivedSignalsFile } from './retrain';
import { readSignalsFile } from './signals';
import { buildModel, buildModelAsync } from './build-model';
import { serveOnDemand } from './on-demand';
import { exitWithServiceFromEnv } from './exit-with-service';

// Started by the service: stop when it is gone (killed with -9 included), even mid-build.
exitWithServiceFromEnv();

const { values } = parseArgs({
  options: { ratings: { type: 'string' }, signals: { type: 'string' }, 'on-demand': { type: 'boolean' } },
});
const dir = dataDir();
const started = performance.now();
// The synced catalog's generation, read before the catalog: a sync that lands meanwhile is folded
// in after this model is served (decision 0085). A bad current.json: as offline.
let catalogGeneration: number | null = null;
try {
  catalogGeneration = readCatalogGeneration(dir)?.generation ?? null;
} catch {
  catalogGeneration = null;
}
// The trainer's own memory log (decision 0103): RSS at each stage, and the peak so far.
const memory = (stage: string) => {
  const mb = (b: number) => Math.round(b / 2 ** 20);
  const m = process.memoryUsage();
  console.log(
    `memory: ${stage}: rss ${mb(m.rss)} MB, peak ${mb(process.resourceUsage().maxRSS * 1024)} MB (heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, array buffers ${mb(m.arrayBuffers)} MB)`,
  );
};
const catalog = await loadCatalog(dir);
memory(`catalog (${catalog.byId.size} films)`);
const ratings = values.ratings
  ? { path: fromCaller(values.ratings), interactions: readMovieLens(fromCaller(values.ratings)).interactions }
  : undefined;
// Product signals: what the service last fetched from the API (it passes that file), or any JSONL export.
const signals = readSignalsFile(values.signals ? fromCaller(values.signals) : receivedSignalsFile(dir));
if (signals.length) console.log(`${signals.length} product signals included`);
const bar = new cliProgress.SingleBar(
  { format: 'Training [{bar}] {percentage}% | {value}/{total} movies | ETA {eta}s' },
  cliProgress.Presets.shades_classic,
);
bar.start(catalog.byId.size, 0);
// Each film's list goes to a file as it is made, not into memory (decision 0103).
const stream = new StreamedFields(modelsDir(dir));
const input = {
  catalog,
  catalogGeneration,
  ratings,
  signals,
  stream,
  onProgress: (d: number, total: number) => {
    if (d === 0) memory('content models and catalog vectors made');
    else if (d === total / 2) memory('first pass (hub counts) done');
    bar.update(d);
  },
};
// --on-demand (the service's first model, decision 0080): each film's list is answered over IPC as
// soon as the ranker is made, while the whole model is built.
const artifact =
  values['on-demand'] && process.send
    ? await buildModelAsync(input, { onRanker: serveOnDemand })
    : buildModel(input);
bar.stop();
let file: string;
try {
  file = writeArtifact(dir, artifact, stream);
} finally {
  stream.dispose();
}
memory('model written');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const peak = (process.resourceUsage().maxRSS / 1024).toFixed(0);
console.log(
  `model ${artifact.version} written to ${file} in ${seconds} s (peak RSS ${peak} MB); a running service picks it up within seconds`,
);
// The service's first build answered asks over IPC: the channel would keep this process alive.
if (process.connected) process.disconnect();
