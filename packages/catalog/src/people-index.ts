import type { CatalogIndex } from './catalog-index';
import type { CatalogMovie } from './types';

/**
 * The people of a synced catalog (decision 0084): who acted in, directed or wrote which films, and
 * a name search that forgives case, accents and a typo or two ("meryl strep" → Meryl Streep).
 * Made from the movies' `cast`, `directors` and `writers` (a TMDB sync fills them; the offline
 * dataset has none, so its index is empty: `size` 0). Shared by the API (cast and person pages
 * served locally), the chat and the recommender; compact: a person's films are positions in the
 * catalog's movie list, in typed arrays.
 */

/** The credits a synced movie carries (optional: the offline dataset's films have none). */
interface Credited {
  cast?: readonly { id: number; name: string; character?: string | null; order?: number }[];
  directors?: readonly { id: number; name: string }[];
  writers?: readonly { id: number; name: string }[];
}

export type PersonJob = 'cast' | 'director' | 'writer';
const JOBS: readonly PersonJob[] = ['cast', 'director', 'writer'];

/** One of a person's films, with what they did in it (a character when they acted). */
export interface PersonFilm {
  movie: CatalogMovie;
  job: PersonJob;
  character?: string;
  order?: number;
}

export interface Person {
  id: number;
  name: string;
  /** Their films, best known first (a film twice when they both acted in it and directed it). */
  films: PersonFilm[];
}

export interface PersonMatch {
  id: number;
  name: string;
  /** The typos forgiven (0: the name as written, case and accents aside). */
  edits: number;
}

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** A name as it is matched: lower case, accents folded, only letters and digits, words by one space. */
export function normalizePersonName(name: string): string {
  return foldAccents(name.toLowerCase())
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How many typos a word of a name may carry: none up to 3 letters, 1 up to 5, then 2. */
export function nameTypoBudget(word: string): number {
  return word.length <= 3 ? 0 : word.length <= 5 ? 1 : 2;
}

/**
 * The edit distance of two words (insertions, deletions, substitutions, and two neighbouring
 * letters swapped counting as one), or `max + 1` once it is past `max`. Three reused rows.
 */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > rows[0]!.length) rows = rows.map(() => new Int32Array(b.length * 2 + 2));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** A typo's weight in a match's score, and a name of which only some words were typed. */
const TYPO_WEIGHT = 0.2;
const PART_WEIGHT = 0.5;

/** Gathers the credits movie by movie (`add`), then packs them (`finish`). */
export class PeopleIndexBuilder {
  private readonly place = new Map<number, number>();
  private readonly ids: number[] = [];
  private readonly names: string[] = [];
  /** Flat credits: person, movie position, job. */
  private readonly creditPerson: number[] = [];
  private readonly creditMovie: number[] = [];
  private readonly creditJob: number[] = [];

  constructor(private readonly movies: readonly CatalogMovie[]) {}

  /** Adds the credits of the movies at positions [from, to). */
  add(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const m = this.movies[i] as CatalogMovie & Credited;
      const lists = [m.cast, m.directors, m.writers];
      for (let job = 0; job < 3; job++) {
        const list = lists[job];
        if (!list) continue;
        for (const p of list) {
          if (!Number.isInteger(p.id) || typeof p.name !== 'string') continue;
          let at = this.place.get(p.id);
          if (at === undefined) {
            at = this.ids.length;
            this.place.set(p.id, at);
            this.ids.push(p.id);
            this.names.push(p.name);
          }
          this.creditPerson.push(at);
          this.creditMovie.push(i);
          this.creditJob.push(job);
        }
      }
    }
  }

  finish(): PeopleIndex {
    const n = this.ids.length;
    const start = new Int32Array(n + 1);
    for (const p of this.creditPerson) start[p + 1]!++;
    for (let p = 0; p < n; p++) start[p + 1]! += start[p]!;
    const fill = start.slice(0, n);
    const movie = new Int32Array(this.creditPerson.length);
    const job = new Uint8Array(this.creditPerson.length);
    this.creditPerson.forEach((p, k) => {
      const at = fill[p]!++;
      movie[at] = this.creditMovie[k]!;
      job[at] = this.creditJob[k]!;
    });
    return new PeopleIndex(this.movies, this.place, Int32Array.from(this.ids), this.names, start, movie, job);
  }
}

/** See the file's comment. Made by `PeopleIndexBuilder`, `buildPeopleIndex` or `peopleIndexOf`. */
export class PeopleIndex {
  /** Each name word's people (places), and the words by first letter and length for the typo search. */
  private words: Map<string, number[]> | undefined;
  private buckets: Map<string, string[]> | undefined;
  private fullNames: Map<string, number[]> | undefined;
  /** How well known each person is: the votes of their films, a lead's counting most. */
  private fame: Float64Array | undefined;

  constructor(
    private readonly movies: readonly CatalogMovie[],
    private readonly place: ReadonlyMap<number, number>,
    private readonly ids: Int32Array,
    private readonly names: readonly string[],
    private readonly start: Int32Array,
    private readonly creditMovie: Int32Array,
    private readonly creditJob: Uint8Array,
  ) {}

  /** How many people; 0 for a catalog without credits (the offline dataset). */
  get size(): number {
    return this.names.length;
  }

  has(id: number): boolean {
    return this.place.has(id);
  }

  name(id: number): string | undefined {
    const p = this.place.get(id);
    return p === undefined ? undefined : this.names[p];
  }

  /** A person and their films (best known first), or undefined. */
  get(id: number): Person | undefined {
    const p = this.place.get(id);
    if (p === undefined) return undefined;
    const films: PersonFilm[] = [];
    for (let k = this.start[p]!; k < this.start[p + 1]!; k++) {
      const movie = this.movies[this.creditMovie[k]!]!;
      const job = JOBS[this.creditJob[k]!]!;
      if (job === 'cast') {
        const role = (movie as CatalogMovie & Credited).cast?.find((c) => c.id === id);
        films.push({
          movie,
          job,
          ...(role?.character ? { character: role.character } : {}),
          ...(role?.order !== undefined ? { order: role.order } : {}),
        });
      } else films.push({ movie, job });
    }
    films.sort((a, b) => b.movie.popularity - a.movie.popularity || a.movie.id - b.movie.id);
    return { id, name: this.names[p]!, films };
  }

  /** A person's films (each once), best known first; only those of `job` when given. */
  films(id: number, job?: PersonJob): CatalogMovie[] {
    const films = this.get(id)?.films ?? [];
    const seen = new Set<CatalogMovie>();
    for (const f of films) if (!job || f.job === job) seen.add(f.movie);
    return [...seen];
  }

  /**
   * The people a typed name may mean, best first. Each word typed must be a word of the name,
   * within its typo budget (`nameTypoBudget`; a word's first letter is taken as typed). Ranked by
   * how well known a person is (`fame`), a fifth for each typo and half for a name of which only
   * some words were typed ("hitchcock"): the name as typed wins among equals, and a far better
   * known name a typo away wins over an obscure namesake typed exactly ("meryl strep").
   */
  search(query: string, limit = 5): PersonMatch[] {
    const typed = normalizePersonName(query).split(' ').filter(Boolean);
    if (typed.length === 0 || this.size === 0) return [];
    this.prepareSearch();
    let found: Map<number, number> | undefined;
    for (const word of typed) {
      const here = new Map<number, number>();
      for (const [w, edits] of this.nearWords(word))
        for (const p of this.words!.get(w)!) {
          const was = here.get(p);
          if (was === undefined || edits < was) here.set(p, edits);
        }
      if (found) {
        const both = new Map<number, number>();
        for (const [p, e] of here) {
          const before = found.get(p);
          if (before !== undefined) both.set(p, before + e);
        }
        found = both;
      } else found = here;
      if (found.size === 0) return [];
    }
    if (!found) return [];
    const whole = (p: number) => normalizePersonName(this.names[p]!).split(' ').length === typed.length;
    const score = (p: number, edits: number) =>
      (this.fame![p]! + 1) * TYPO_WEIGHT ** edits * (whole(p) ? 1 : PART_WEIGHT);
    return [...found]
      .map(([p, edits]) => ({ p, edits, score: score(p, edits) }))
      .sort((a, b) => b.score - a.score || a.p - b.p)
      .slice(0, limit)
      .map(({ p, edits }) => ({ id: this.ids[p]!, name: this.names[p]!, edits }));
  }

  /** The person a typed name most likely means, or null. */
  find(query: string): PersonMatch | null {
    return this.search(query, 1)[0] ?? null;
  }

  /** The name words within `word`'s typo budget, with their distance (the word itself at 0). */
  private nearWords(word: string): [string, number][] {
    const budget = nameTypoBudget(word);
    const out: [string, number][] = [];
    if (this.words!.has(word)) out.push([word, 0]);
    if (budget === 0) return out;
    for (let len = word.length - budget; len <= word.length + budget; len++) {
      for (const w of this.buckets!.get(`${word[0]}${len}`) ?? []) {
        if (w === word) continue;
        const d = boundedEditDistance(word, w, budget);
        if (d <= budget) out.push([w, d]);
      }
    }
    return out;
  }

  /** The word lists and the fame, made at the first search. */
  private prepareSearch(): void {
    if (this.words) return;
    const words = new Map<string, number[]>();
    for (let p = 0; p < this.names.length; p++)
      for (const w of new Set(normalizePersonName(this.names[p]!).split(' ')))
        if (w) {
          const list = words.get(w);
          if (list) list.push(p);
          else words.set(w, [p]);
        }
    const buckets = new Map<string, string[]>();
    for (const w of words.keys()) {
      const key = `${w[0]}${w.length}`;
      const list = buckets.get(key);
      if (list) list.push(w);
      else buckets.set(key, [w]);
    }
    const fame = new Float64Array(this.names.length);
    for (let p = 0; p < this.names.length; p++)
      for (let k = this.start[p]!; k < this.start[p + 1]!; k++)
        fame[p]! += Math.log10(1 + this.movies[this.creditMovie[k]!]!.vote_count);
    this.fame = fame;
    this.buckets = buckets;
    this.words = words;
  }

  /** Makes the search's word lists now (a server does it while it builds a new catalog's indexes). */
  prepare(): void {
    this.prepareSearch();
  }
}

/** Builds a catalog's people index a slice of movies at a time, yielding to the event loop between slices. */
export async function buildPeopleIndex(
  movies: readonly CatalogMovie[],
  opts: { slice?: number; pause?: () => Promise<void> } = {},
): Promise<PeopleIndex> {
  const slice = opts.slice ?? 2000;
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const builder = new PeopleIndexBuilder(movies);
  for (let from = 0; from < movies.length; from += slice) {
    builder.add(from, Math.min(from + slice, movies.length));
    await pause();
  }
  const index = builder.finish();
  await pause();
  index.prepare();
  return index;
}

/**
 * Each catalog's people index, by the catalog's id map: an object of that catalog alone, also when
 * the catalog is reached through a view that forwards to whichever catalog is served (the API's
 * `CatalogHolder.view`), and that goes with it.
 */
const ofCatalog = new WeakMap<object, PeopleIndex>();

/**
 * A catalog's people index: the one `preparePeopleIndex` made for it, else made now (at once:
 * nothing to do for a catalog without credits). Kept as long as the catalog is.
 */
export function peopleIndexOf(catalog: CatalogIndex): PeopleIndex {
  const key = catalog.byId;
  let index = ofCatalog.get(key);
  if (!index) {
    const movies = catalog.file.movies;
    const builder = new PeopleIndexBuilder(movies);
    builder.add(0, movies.length);
    ofCatalog.set(key, (index = builder.finish()));
  }
  return index;
}

/** Makes a catalog's people index in slices (`buildPeopleIndex`), for `peopleIndexOf` to return. */
export async function preparePeopleIndex(catalog: CatalogIndex): Promise<PeopleIndex> {
  const key = catalog.byId;
  const made = ofCatalog.get(key);
  if (made) return made;
  const index = await buildPeopleIndex(catalog.file.movies);
  ofCatalog.set(key, index);
  return index;
}
