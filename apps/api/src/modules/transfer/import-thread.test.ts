import { afterEach, describe, expect, it } from 'vitest';
import { ImportThread } from './import-thread';

/** Two films, as the thread's catalog rows are read from them (`catalogRowsInSlices`). */
const film = (id: number, title: string, year: string) => ({
  id,
  title,
  original_title: title,
  release_date: `${year}-01-01`,
  vote_count: 1000,
  imdb_id: `tt${id}`,
});
const catalog = {
  byId: new Map([
    [155, film(155, 'The Dark Knight', '2008')],
    [27205, film(27205, 'Inception', '2010')],
  ]),
};
const csv = new TextEncoder().encode(
  'Date,Name,Year,Letterboxd URI,Rating\n2019-02-11,The Dark Knight,2008,https://boxd.it/2b0k,4.5\n',
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until `ok()` or `ms` pass; whether it came true. */
async function within(ms: number, ok: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await sleep(20);
  return ok();
}

// Decision 0138: a large catalog's import thread (its copy of the titles: 360 MB at a million
// films) ends when idle; a small one's is kept. "Large" is past `largePast` films: 1 here, so the
// two-film catalog is large, and 10 makes it small.
describe('the import thread when idle', () => {
  const threads: ImportThread[] = [];
  const make = (idleMs: number, largePast: number) => {
    const t = new ImportThread(idleMs, largePast);
    threads.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(threads.splice(0).map((t) => t.stop()));
  });

  it("a large catalog's thread ends after the idle time, and the next upload starts it again", async () => {
    const thread = make(150, 1);
    await thread.warm(catalog);
    expect(thread.running).toBe(true);
    expect(await within(5_000, () => !thread.running)).toBe(true);
    const read = await thread.read(catalog, csv, 'ratings.csv');
    expect(read.entries).toBe(1);
    expect(thread.running).toBe(true);
    expect(thread.ready(catalog)).toBe(true);
    thread.drop(read.token);
    expect(await within(5_000, () => !thread.running)).toBe(true);
  });

  it('an upload read but not yet finished keeps it running past the idle time', async () => {
    const thread = make(100, 1);
    const read = await thread.read(catalog, csv, 'ratings.csv');
    await sleep(400);
    expect(thread.running).toBe(true);
    const done = await thread.finish(
      read.token,
      [],
      [],
      { likes: [], watched: [], watchlist: [], rated: [], diary: [], playlists: [] },
      100,
    );
    expect(done).toBeTruthy();
    expect(await within(5_000, () => !thread.running)).toBe(true);
  });

  it("at start a small catalog's thread is started, a large one's is left for the first upload", async () => {
    const large = make(60_000, 1);
    await large.warmAtStart(catalog);
    expect(large.running).toBe(false);
    const small = make(60_000, 10);
    await small.warmAtStart(catalog);
    expect(small.running).toBe(true);
    expect(small.ready(catalog)).toBe(true);
  });

  it("a small catalog's thread is kept", async () => {
    const thread = make(100, 10);
    await thread.warm(catalog);
    await sleep(500);
    expect(thread.running).toBe(true);
    expect(thread.ready(catalog)).toBe(true);
  });
});
