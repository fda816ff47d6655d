import { coldFieldsOf, type CatalogMovie } from '@app/catalog';
import { isPlaceKeyword } from './places';
import { topK } from './topk';

const STOP = new Set(
  'a about after again against all also an and any are as at be because been before being between both but by can could did do does during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your film movie story life new one two man woman young world find finds must when take takes get gets years year'.split(
    ' ',
  ),
);

/** A crude stem: enough to join "heists"/"heist", "travelling"/"travel". */
function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Field weights: what makes two films alike, most to least. */
export const WEIGHTS = {
  collection: 3,
  genre: 1.2,
  keyword: 1,
  /** All of a film's place keywords together (where it is set, not its kind; see places.ts). */
  place: 1,
  company: 0.6,
  overview: 0.45,
  decade: 0.5,
  era: 0.8,
  language: 0.4,
  country: 0.4,
  /** A director says more about a film's kind than one of its actors (decision 0085). */
  director: 1.5,
  cast: 1,
};

/** Top-billed actors that count in the people field (TMDB's `order` below this). */
export const CAST_BILLED = 5;

/** What a synced catalog adds to a film (issue 42); the offline catalog has none of it. */
export interface PeopleFields {
  cast?: { id: number; name?: string; character?: string; order?: number }[];
  directors?: { id: number; name?: string }[];
}

/**
 * A production company this common (the big studios and broadcasters: Warner Bros., MGM, Canal+…)
 * says nothing about a film's kind; smaller ones (Ghibli, Pixar, Hammer, Aardman, a director's own
 * company) do, and keep their weight.
 */
export const CONTENT = {
  maxCompanyDf: 250,
  /**
   * A seed walks at most this many films of each of its terms' postings, the term's strongest
   * first (its films ordered by their weight for the term): what keeps a training linear in the
   * catalog (decision 0103). Every posting of the real catalog is shorter (its longest, of
   * films that may be recommended, is 4,336; a term on more than 15% of films, 6,800 of 45k, is
   * not walked at all), so its similarities are exact; at a million films a keyword on 20,000
   * films contributes its 5,000 closest (10,000 before decision 0107: a seed walked 142,000
   * films, now 91,000).
   */
  postingScan: 5_000,
  /**
   * A seed walks at most this many (term, film) entries over all its terms together, the largest
   * contributions (seed weight × film weight) first (decision 0112): each posting is ordered
   * strongest first, so the walk is each posting's head down to one threshold. Every seed of the
   * real catalog walks fewer (its most, of 45,424 seeds, is 46,885), so its similarities are exact
   * and summed in the same order; at a million films a seed's terms reach ~91,000 entries (decision
   * 0107: 14–16 ms of CPU a seed), and a film reached only through contributions below the
   * threshold is left out.
   */
  walkBudget: 47_000,
};

/**
 * What each kind of evidence weighs in a film's vector (decision 0067). Each field's TF-IDF terms
 * are scaled together to this norm, so the similarity of two films is the weighted sum of their
 * per-field cosines: Σ w²·cos_f / √(Σ w² of the seed's fields · Σ w² of the candidate's). Without it
 * one rare keyword shared by chance (IDF ≈ 8, against ≈ 1 for a genre) outweighed everything else the
 * two films have or lack in common: Fight Club's "support group" made The Fault in Our Stars its
 * second neighbour, Pulp Fiction's "boxer" every boxing film. Per field, a keyword counts by its share
 * of the seed's keywords; the overview's words, which say what a film is about in more words, weigh
 * most. Chosen on the judged sets' named films (docs/recommender.md); the term weights above still
 * order the terms within a field (places share one place's weight).
 */
export const FIELDS = {
  collection: 1.2,
  genre: 0.3,
  keyword: 0.7,
  overview: 1,
  company: 0.5,
  time: 0.2,
  language: 0.3,
  /**
   * Where it was made (TMDB's production countries; decision 0073): a Mexican film beside Mexican
   * films rather than Spain's, a British comedy beside British ones. As much as its language; not
   * tuned. A country on more than 15% of films (the US) is left out, as English is.
   */
  country: 0.3,
  /**
   * Who made it and who is in it (a synced catalog's directors and top-billed cast; decision
   * 0085): small, as the language's. A film without them (the whole offline catalog) has no such
   * terms, so its vector, and every similarity between two such films, is what it was before.
   */
  people: 0.3,
};
type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as Field[];
const COUNTRY = FIELD_NAMES.indexOf('country');
const FIELD_OF_PREFIX: Record<string, Field> = {
  col: 'collection',
  g: 'genre',
  k: 'keyword',
  c: 'company',
  w: 'overview',
  l: 'language',
  n: 'country',
  d: 'time',
  e: 'time',
  dir: 'people',
  p: 'people',
};
function fieldOf(term: string): number {
  const field = FIELD_OF_PREFIX[term.slice(0, term.indexOf(':'))];
  if (field === undefined) throw new Error(`content term of no field: ${term}`);
  return FIELD_NAMES.indexOf(field);
}

export function contentTerms(m: CatalogMovie): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (t: string, w: number) => terms.set(t, Math.max(terms.get(t) ?? 0, w));
  if (m.collection) add(`col:${m.collection.id}`, WEIGHTS.collection);
  for (const g of m.genre_ids) add(`g:${g}`, WEIGHTS.genre);
  // A film's place keywords share one place's weight: TMDB often names a setting several ways
  // ("korea", "south korea", "busan"), and a setting says where, not what kind.
  const place = m.keywords.map(isPlaceKeyword);
  const places = place.filter(Boolean).length;
  m.keywords.forEach((k, i) => add(`k:${k}`, place[i] ? WEIGHTS.place / places : WEIGHTS.keyword));
  // Read, not kept on the film: a training reads every film's (decision 0103).
  const cold = coldFieldsOf(m);
  for (const c of cold.production_companies) add(`c:${c.id}`, WEIGHTS.company);
  if (m.release_date) {
    add(`d:${m.release_date.slice(0, 3)}`, WEIGHTS.decade);
    // Silent and classic-era films are alike in ways their sparse descriptions do not say.
    const year = Number(m.release_date.slice(0, 4));
    if (year < 1930) add('e:silent', WEIGHTS.era);
    if (year < 1960) add('e:classic', WEIGHTS.era);
  }
  if (m.original_language && m.original_language !== 'en') add(`l:${m.original_language}`, WEIGHTS.language);
  for (const c of cold.production_countries) add(`n:${c}`, WEIGHTS.country);
  const people = m as CatalogMovie & PeopleFields;
  for (const d of people.directors ?? []) add(`dir:${d.id}`, WEIGHTS.director);
  (people.cast ?? []).forEach((c, i) => {
    if ((c.order ?? i) < CAST_BILLED) add(`p:${c.id}`, WEIGHTS.cast);
  });
  for (const w of m.overview.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    if (!STOP.has(w)) add(`w:${stem(w)}`, WEIGHTS.overview);
  }
  return terms;
}

/**
 * A seed's similarities, sparse: `values` is dense (0 for a film not touched) and `ids[0 .. count)`
 * are the films that may score above 0. Owned by the model that made it, valid until its next call.
 */
export class SparseScores {
  readonly values: Float64Array;
  readonly ids: Int32Array;
  count = 0;

  constructor(n: number) {
    this.values = new Float64Array(n);
    this.ids = new Int32Array(n);
  }

  /** Back to all zeros, at the cost of the films last touched. */
  clear(): void {
    for (let t = 0; t < this.count; t++) this.values[this.ids[t]!] = 0;
    this.count = 0;
  }

  /** Into a dense array (zeroed first). */
  copyTo(out: Float64Array): Float64Array {
    out.fill(0);
    for (let t = 0; t < this.count; t++) out[this.ids[t]!] = this.values[this.ids[t]!]!;
    return out;
  }
}

/** Similarity of one film to every film (the seed itself 0): what "more like this" needs from text. */
export interface ContentSimilarity {
  /** With `allowed`, films whose flag is 0 score 0 (the seed's kind rule: no shorts after a feature…). */
  similarities(seed: number, out?: Float64Array, allowed?: Uint8Array): Float64Array;
  /**
   * The same scores as a sparse set: what training asks, at the cost of the films the seed's terms
   * reach rather than of the whole catalog (decision 0103).
   */
  sparse?(seed: number, allowed?: Uint8Array): SparseScores;
}

/**
 * `content.sparse`, or for a similarity without it the dense scores into `buf` with their films
 * found by a scan of the catalog.
 */
export function sparseOf(
  content: ContentSimilarity,
  seed: number,
  allowed: Uint8Array | undefined,
  buf: () => SparseScores,
): SparseScores {
  if (content.sparse) return content.sparse(seed, allowed);
  const b = buf();
  b.count = 0;
  content.similarities(seed, b.values, allowed);
  for (let j = 0; j < b.values.length; j++) if (b.values[j]! > 0) b.ids[b.count++] = j;
  return b;
}

/** Zeroes the films `allowed` leaves out. */
export function applyAllowed(out: Float64Array, allowed?: Uint8Array): Float64Array {
  if (allowed) for (let j = 0; j < out.length; j++) if (!allowed[j]) out[j] = 0;
  return out;
}

/**
 * TF-IDF content similarity over genres, keywords, overview words, companies, decade, language
 * and collection. Vectors are L2-normalised; similarity is their dot product, computed through
 * an inverted index so that only items sharing a term are touched.
 */
export class ContentModel implements ContentSimilarity {
  // Each term's posting list in flat typed arrays indexed by offsets (CSR): two typed arrays per
  // term cost ~200 bytes of object headers each (issue 45). Films' vectors are not kept: a seed's
  // is made from its terms when it is asked (`vectorOf`), the same weights to the bit; at a
  // million films the kept vectors were ~0.4 GB (decision 0103).
  private readonly postStart: Int32Array;
  private readonly postItems: Int32Array;
  private readonly postWeights: Float32Array;
  private readonly termIds = new Map<string, number>();
  private readonly df: number[] = [];
  private readonly companyTerm: Uint8Array;
  private readonly fieldOfTerm: Uint8Array;
  private readonly fieldNorm = new Float64Array(FIELD_NAMES.length);
  private readonly n: number;
  private readonly maxDf: number;
  private readonly byField: boolean;
  private readonly within: (m: CatalogMovie) => boolean;
  /** The last vector made: its terms and (float32) weights, `vectorOf`'s answer. */
  private readonly qTerms: number[] = [];
  private readonly qWeights: number[] = [];
  /** The last seed's walk: its entries over every term (before the budget), and whether the budget cut it. */
  readonly lastWalk = { entries: 0, budgeted: false };
  /** Where the walk of each of the last vector's terms ends (a posting offset). */
  private readonly walkEnd: number[] = [];

  constructor(
    readonly movies: CatalogMovie[],
    opts: {
      maxDocFreq?: number;
      isCandidate?: (m: CatalogMovie) => boolean;
      /**
       * A model of these films only (default every film): their terms make the document
       * frequencies, so a word weighs by how rare it is among them, and only they have vectors (the
       * others' similarities are all 0).
       */
      within?: (m: CatalogMovie) => boolean;
      /** Scale each field to its FIELDS weight (default); off, one TF-IDF vector over every field. */
      fields?: boolean;
    } = {},
  ) {
    const isCandidate = opts.isCandidate ?? (() => true);
    this.within = opts.within ?? (() => true);
    const { termIds, df } = this;
    // Each film's terms are made again when needed (counted, weighed for the postings' sizes, then
    // filled in) rather than kept: at a million films the kept terms were ~0.6 GB (decision 0103).
    this.n = countTerms(movies, this.within, termIds, df).n;
    this.companyTerm = new Uint8Array(df.length);
    for (const [term, id] of termIds) if (term.startsWith('c:')) this.companyTerm[id] = 1;
    this.maxDf = opts.maxDocFreq ?? Math.max(50, Math.floor(this.n * 0.15));
    this.fieldOfTerm = new Uint8Array(df.length);
    for (const [term, id] of termIds) this.fieldOfTerm[id] = fieldOf(term);
    this.byField = opts.fields ?? true;
    const maxDf = this.maxDf;
    // Postings are counted first, then filled: (term, item, weight) in film order per term. A seed
    // that is never recommended is in no posting; a term too common to discriminate is too costly
    // to walk.
    const postCount = new Int32Array(df.length + 1);
    for (let item = 0; item < movies.length; item++) {
      if (!isCandidate(movies[item]!)) continue;
      const len = this.vectorOf(item);
      for (let k = 0; k < len; k++) if (df[this.qTerms[k]!]! <= maxDf) postCount[this.qTerms[k]! + 1]!++;
    }
    for (let t = 0; t < df.length; t++) postCount[t + 1]! += postCount[t]!;
    const fill = postCount.slice(0, df.length);
    const postItems = new Int32Array(postCount[df.length]!);
    const postWeights = new Float32Array(postCount[df.length]!);
    for (let item = 0; item < movies.length; item++) {
      if (!isCandidate(movies[item]!)) continue;
      const len = this.vectorOf(item);
      for (let k = 0; k < len; k++) {
        const id = this.qTerms[k]!;
        if (df[id]! > maxDf) continue;
        const at = fill[id]!++;
        postItems[at] = item;
        postWeights[at] = this.qWeights[k]!;
      }
    }
    [this.postStart, this.postItems, this.postWeights] = strongestFirst(postCount, postItems, postWeights);
  }

  /**
   * Film `item`'s vector into `qTerms`/`qWeights` (its length returned): TF-IDF by field, each
   * field scaled to its weight, the whole to length 1, each weight as a float32.
   */
  private vectorOf(item: number): number {
    const { df, fieldOfTerm, fieldNorm, qTerms: keep, qWeights: wts } = this;
    keep.length = 0;
    wts.length = 0;
    const m = this.movies[item]!;
    if (!this.within(m)) return 0;
    for (const [term, raw] of contentTerms(m)) {
      const id = this.termIds.get(term)!;
      if (df[id]! < 2) continue; // a term no other film has cannot make two films alike
      // Countries: not in one vector (documentaries, as before 0073); and one on more than maxDf
      // films (the US) says nothing, as English says nothing in the language field: left out,
      // not a part of the film's norm that matches nothing.
      if (fieldOfTerm[id] === COUNTRY && (!this.byField || df[id]! > this.maxDf)) continue;
      if (this.companyTerm[id] && df[id]! > CONTENT.maxCompanyDf) continue; // a big studio: not a kind
      const w = raw * Math.log(this.n / df[id]!);
      if (!(w > 0)) continue; // in every film of the model (Documentary among documentaries): says nothing
      keep.push(id);
      wts.push(w);
      fieldNorm[fieldOfTerm[id]!]! += w * w;
    }
    // Each field's terms scaled to the field's weight (FIELDS), then the whole vector to length 1.
    // (A term too common to walk keeps its share of the norm but matches nothing: a Drama-only
    // film's genre field, a 2010s film's decade, count only in the norm.)
    let norm = 0;
    keep.forEach((id, k) => {
      const f = fieldOfTerm[id]!;
      if (this.byField) wts[k] = (wts[k]! / Math.sqrt(fieldNorm[f]!)) * FIELDS[FIELD_NAMES[f]!];
      norm += wts[k]! * wts[k]!;
    });
    fieldNorm.fill(0);
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < keep.length; k++) wts[k] = Math.fround(wts[k]! / norm);
    return keep.length;
  }

  /** Cosine similarity of `seed` to every movie (the seed itself 0). */
  similarities(seed: number, out = new Float64Array(this.movies.length), allowed?: Uint8Array): Float64Array {
    return this.sparse(seed, allowed).copyTo(out);
  }

  private scores: SparseScores | undefined;

  /**
   * The seed's similarities, touching only the films that share a term with it (at most
   * `CONTENT.postingScan` per term): films `allowed` leaves out, and the seed, are never touched.
   * Each film's sum is added in the seed's term order, as the dense walk added it.
   */
  sparse(seed: number, allowed?: Uint8Array): SparseScores {
    const r = (this.scores ??= new SparseScores(this.movies.length));
    r.clear();
    const { postStart, postItems, postWeights, qTerms, qWeights, walkEnd } = this;
    const { values, ids } = r;
    const len = this.vectorOf(seed);
    this.lastWalk.entries = this.walkEnds(len);
    this.lastWalk.budgeted = this.lastWalk.entries > CONTENT.walkBudget;
    if (this.lastWalk.budgeted) this.budgetWalk(len, CONTENT.walkBudget);
    let count = 0;
    for (let k = 0; k < len; k++) {
      const t = qTerms[k]!;
      const w = qWeights[k]!;
      const end = walkEnd[k]!;
      for (let j = postStart[t]!; j < end; j++) {
        const item = postItems[j]!;
        if (item === seed || (allowed && !allowed[item])) continue;
        // Every weight is > 0, so a film at 0 has not been touched yet.
        if (values[item] === 0) ids[count++] = item;
        values[item]! += w * postWeights[j]!;
      }
    }
    r.count = count;
    return r;
  }

  /** Where the walk of each of the last vector's terms ends (`walkEnd`): `postingScan` films at most. How many entries that is. */
  private walkEnds(len: number): number {
    const { postStart, qTerms, walkEnd } = this;
    const scan = CONTENT.postingScan;
    let walked = 0;
    walkEnd.length = len;
    for (let k = 0; k < len; k++) {
      const t = qTerms[k]!;
      walkEnd[k] = Math.min(postStart[t + 1]!, postStart[t]! + scan);
      walked += walkEnd[k]! - postStart[t]!;
    }
    return walked;
  }

  /**
   * Shortens the walk to at most `budget` entries (decision 0112): the entries whose contribution
   * (seed weight × film weight) is at least one threshold, the lowest that keeps within the
   * budget (bisected). Each posting is strongest first, so each term's walk is a head of it.
   */
  private budgetWalk(len: number, budget: number): void {
    const { postStart, postWeights, qTerms, qWeights, walkEnd } = this;
    const full = walkEnd.slice(0, len);
    // The entries of term k at or above `tau`: the head of its posting before the first below.
    const headOf = (k: number, tau: number) => {
      let lo = postStart[qTerms[k]!]!;
      let hi = full[k]!;
      const w = qWeights[k]!;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (w * postWeights[mid]! >= tau) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const within = (tau: number) => {
      let n = 0;
      for (let k = 0; k < len; k++) n += headOf(k, tau) - postStart[qTerms[k]!]!;
      return n <= budget;
    };
    let top = 0;
    for (let k = 0; k < len; k++) {
      const start = postStart[qTerms[k]!]!;
      if (full[k]! > start) top = Math.max(top, qWeights[k]! * postWeights[start]!);
    }
    // Above the strongest contribution nothing is walked; at 0 everything is, over the budget.
    let lo = 0;
    let hi = top * 2;
    for (let round = 0; round < 40; round++) {
      const mid = (lo + hi) / 2;
      if (within(mid)) hi = mid;
      else lo = mid;
    }
    for (let k = 0; k < len; k++) walkEnd[k] = headOf(k, hi);
  }

  top(seed: number, k: number): number[] {
    return topK(this.similarities(seed), k, seed);
  }
}

/**
 * The document frequency of each term of the films `within` (numbered when first seen), and how
 * many films that is.
 */
function countTerms(
  movies: CatalogMovie[],
  within: (m: CatalogMovie) => boolean,
  termIds: Map<string, number>,
  df: number[],
): { n: number } {
  let n = 0;
  for (const m of movies) {
    if (!within(m)) continue;
    n++;
    for (const term of contentTerms(m).keys()) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = df.length;
        termIds.set(term, id);
        df.push(0);
      }
      df[id]!++;
    }
  }
  return { n };
}

/**
 * Orders each posting by weight, strongest first (ties in film order), and keeps only what a seed
 * may walk of it (`CONTENT.postingScan`): the postings of a million films are bounded by the terms,
 * not by the catalog (decision 0103). Every posting is ordered, so a budgeted walk (decision 0112)
 * takes each one's head; a film is on a posting once, so its sum does not depend on this order.
 */
function strongestFirst(
  postStart: Int32Array,
  postItems: Int32Array,
  postWeights: Float32Array,
): [Int32Array, Int32Array, Float32Array] {
  const cap = CONTENT.postingScan;
  const terms = postStart.length - 1;
  // Each posting ordered in place (its entries copied out, then back in order).
  let order = new Int32Array(0);
  let items = new Int32Array(0);
  let weights = new Float32Array(0);
  for (let t = 0; t < terms; t++) {
    const from = postStart[t]!;
    const n = postStart[t + 1]! - from;
    if (n < 2) continue;
    if (order.length < n) {
      order = new Int32Array(n);
      items = new Int32Array(n);
      weights = new Float32Array(n);
    }
    const o = order.subarray(0, n);
    for (let k = 0; k < n; k++) o[k] = k;
    items.set(postItems.subarray(from, from + n));
    weights.set(postWeights.subarray(from, from + n));
    o.sort((a, b) => weights[b]! - weights[a]! || items[a]! - items[b]!);
    for (let k = 0; k < n; k++) {
      postItems[from + k] = items[o[k]!]!;
      postWeights[from + k] = weights[o[k]!]!;
    }
  }
  const start = new Int32Array(terms + 1);
  for (let t = 0; t < terms; t++) start[t + 1] = start[t]! + Math.min(cap, postStart[t + 1]! - postStart[t]!);
  if (start[terms] === postStart[terms]) return [postStart, postItems, postWeights];
  const keptItems = new Int32Array(start[terms]!);
  const keptWeights = new Float32Array(start[terms]!);
  for (let t = 0; t < terms; t++) {
    const from = postStart[t]!;
    const n = start[t + 1]! - start[t]!;
    keptItems.set(postItems.subarray(from, from + n), start[t]!);
    keptWeights.set(postWeights.subarray(from, from + n), start[t]!);
  }
  return [start, keptItems, keptWeights];
}
