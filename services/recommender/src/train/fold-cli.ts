import { dataDir } from '../catalog';
import { exitWithServiceFromEnv } from './exit-with-service';
import { foldDataDir } from './fold';

// Started by the service when the synced catalog has a new generation (decision 0085); stops when
// the service is gone, as a trainer does.
exitWithServiceFromEnv();

const started = performance.now();
const r = await foldDataDir(dataDir(), (m) => console.log(m));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const peak = (process.resourceUsage().maxRSS / 1024).toFixed(0);
console.log(
  `catalog generation ${r.generation ?? '-'} folded into model ${r.artifact.version}: ${r.added.length} new, ${r.changed.length} changed, ${r.removed.length} removed, ${r.lists} lists ranked in ${seconds} s (peak RSS ${peak} MB)`,
);
