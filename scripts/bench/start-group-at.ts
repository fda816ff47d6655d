/**
 * The whole `npm start` group on a given DATA_DIR (issues 42 and 45: a million titles with a
 * trained model), as users meet it: `start-group.ts`'s start to the rendered page and the popular
 * list, then → the recommender's `/health` 200 (its model loaded) and a movie's recommendations;
 * each process's peak RSS (VmHWM) then. Several starts, one after another; each line is printed as
 * JSON with the machine's load at spawn.
 *
 *   npx tsx scripts/bench/start-group-at.ts --data /work/g1m [--reps 3] [--movie 550]
 */
import { parseArgs } from 'node:util';
import { BROWSER_ACCEPT_ENCODING, rssOf } from './lib';
import { startGroup } from './start-group';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    reps: { type: 'string', default: '3' },
    movie: { type: 'string', default: '550' },
  },
});
if (!values.data) throw new Error('--data DIR is required');

const get = (url: string) =>
  fetch(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    () => ({ status: 0, text: '' }),
  );

function pidOf(text: string, name: string): number | undefined {
  const all = [...text.matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))];
  return all.length ? Number(all.at(-1)![1]) : undefined;
}

async function once(dataDir: string) {
  const g = await startGroup(dataDir, { RECOMMENDER_RETRAIN_MINUTES: '0' });
  try {
    while ((await get(`http://127.0.0.1:${g.recPort}/health`)).status !== 200) {
      if (performance.now() - g.t0 > 1_800_000) throw new Error('no recommender model after 30 minutes');
      await new Promise((r) => setTimeout(r, 20));
    }
    const modelMs = Math.round(performance.now() - g.t0);
    const recs = await get(`${g.base}/api/recommend/movies?tmdb_id=${values.movie}&top_n=12`);
    const count = recs.status === 200 ? (JSON.parse(recs.text) as unknown[]).length : 0;
    const peakMb = Object.fromEntries(
      ['api', 'recommender'].map((n) => {
        const pid = pidOf(g.out(), n);
        return [n, pid ? rssOf(pid).peakMb : null];
      }),
    );
    const { load, pageMs, popularMs } = g;
    return { load, pageMs, popularMs, modelMs, recommendations: { status: recs.status, count }, peakMb };
  } finally {
    await g.stop();
  }
}

for (let i = 0; i < Number(values.reps); i++) {
  const r = await once(values.data);
  console.log(JSON.stringify({ at: new Date().toISOString(), ...r }));
}
