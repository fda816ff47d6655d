import { fitsAfter, isObscure, isShort, isTvMovie, type CatalogMovie } from '@app/catalog';
import { sparseOf, SparseScores, type ContentSimilarity } from './content';
import type { ImplicitMatrix } from './implicit';
import { topK, topKSparse } from './topk';

/** TMDB genre ids the ranking treats specially. */
export const ANIMATION = 16;
export const DOCUMENTARY = 99;
export const FAMILY = 10751;
export const HORROR = 27;
export const MUSIC = 10402;
export const COMEDY = 35;
export const CRIME = 80;
export const THRILLER = 53;
export const WAR = 10752;
/** Genres of films made for grown-ups: a seed with one is not followed by family films, nor the reverse. */
export const MATURE = [CRIME, HORROR, THRILLER, WAR];

/**
 * The knobs of "more like this", chosen by looking at the judged seeds' lists and the judged
 * figures (never the temporal test targets); see docs/recommender.md.
 */
export const SIMILAR = {
  /** Content candidates walked per seed. */
  contentCandidates: 300,
  /** Collaborative candidates walked per seed. */
  cfCandidates: 200,
  /** Distinct users who must like both films before their co-occurrence counts at all. */
  minPairSupport: 8,
  /** Collaborative weight alpha = min(cap, n / (n + k)), n = the seed's positives. */
  cfCap: 0.35,
  cfK: 20,
  rp3Alpha: 0.8,
  rp3Beta: 0.5,
  /** Collection (franchise) members placed first, at most this many. */
  maxCollectionFirst: 6,
  /** A candidate without the seed's main genre (its `kindGenre`) keeps this share of its score. */
  offMainGenre: 0.45,
  /** A candidate sharing none of the seed's genres keeps this share, one sharing `genreOverlapFull` (Jaccard) or more all. */
  genreOverlapFloor: 0.5,
  genreOverlapFull: 0.5,
  /** Animation and documentary are audiences of their own: crossing them keeps this share. */
  offAudience: 0.2,
  /**
   * A family seed's non-family candidate (0.6 before decision 0053, when Family was often the
   * seed's main genre and the main-genre share applied as well), and a non-horror seed's horror
   * candidate.
   */
  offFamily: 0.4,
  offHorror: 0.6,
  /** A non-comedy seed's comedy candidate: a change of tone, as horror is (decision 0053). */
  offComedy: 0.6,
  /** A seed that is neither family nor animation: a family candidate keeps this share… */
  familyForGrownUps: 0.5,
  /** …and this share (instead) when the seed has a mature genre (crime, horror, thriller, war); also a family seed's mature candidate. */
  familyVsMature: 0.25,
  /**
   * Era: a candidate further than `eraTolerance(seed year)` years from the seed keeps
   * e^(−eraWeight · excess / tolerance). The tolerance is wide for recent seeds and narrows with
   * the seed's age, never below `eraMinTolerance` (so same-year lists do not come back).
   */
  eraWeight: 1,
  eraMinTolerance: 15,
  /** Tolerance for a seed of `eraPivotYear`, and how many years it loses per year older (gains per year newer). */
  eraPivotTolerance: 40,
  eraPivotYear: 2000,
  eraSlope: 0.6,
  /**
   * A later instalment of another franchise than the seed's (not its first film) keeps this share:
   * a person names the film that starts a franchise, not its third sequel, after an unrelated seed.
   */
  otherSequel: 0.5,
  /** A documentary seed is followed by documentaries only when at least this many are relevant. */
  minDocumentaries: 10,
  /** A non-English seed's candidate in another language. */
  offLanguage: 0.5,
  /** Collaborative evidence counts in full only where content finds the films at least this alike (scaled). */
  cfContentFloor: 0.3,
  /** MMR: weight of redundancy (same year as the seed or the picks, same popularity band). */
  mmrLambda: 0.35,
  /** MMR: share of the popularity band in the redundancy with the picks so far (the rest is year). */
  mmrBand: 0.3,
  /** Quality prior: TMDB average shrunk towards `qualityMean` by `qualityPriorVotes` votes (Bayesian). */
  qualityPriorVotes: 150,
  qualityMean: 6,
  /** The shrunk average maps to 0 at `qualityLow` and to 1 at `qualityHigh`. */
  qualityLow: 6,
  qualityHigh: 8,
  /** Share of the score that depends on the shrunk average (0 = none). */
  qualityWeight: 0.8,
  /** Notability: a candidate this many orders of magnitude less voted than the seed is not penalised… */
  notabilityAllowance: 1,
  /** …and beyond it keeps e^(−notabilityWeight · gap) of its score. */
  notabilityWeight: 0.6,
  /**
   * The blend of content (whose priors enter to the power 1 / contentPower) and collaborative
   * evidence is raised to this power before the audience and hub factors: on content alone the
   * relevance is closeness^p × quality × notability × audience × hub.
   */
  contentPower: 3,
  /** Hubness: a film in many first-pass lists is damped by 1 / (1 + count / hubScale)^hubPower. */
  hubScale: 15,
  hubPower: 0.5,
  /**
   * An appearance in the first-pass list of a seed of the film's own kind (each film's main genre
   * among the other's genres) counts this much towards its hubness; after a seed of another kind,
   * in full. A hub of its kind (World War Z among zombie films) is what a person names; a film that
   * follows unrelated seeds is the canon the damping is for (decision 0052).
   */
  kinHubShare: 0.2,
};

/**
 * How plainly a genre says what kind of film a film is, most first. TMDB lists a film's genres in
 * no such order: its first is Drama for Oldboy, Psycho and The Godfather, which people call a
 * thriller, a horror film and a crime film. Audiences of their own first, then genres that make a
 * kind whatever else the film is, then tones, then the broad ones that go with anything
 * (decision 0053).
 */
const GENRE_TIERS: readonly (readonly number[])[] = [
  [ANIMATION, DOCUMENTARY],
  [37, HORROR, MUSIC, 878], // western, horror, music, science fiction
  [WAR, 35, CRIME, 10749, 28, 14, THRILLER], // war, comedy, crime, romance, action, fantasy, thriller
];
const GENRE_TIER = new Map(GENRE_TIERS.flatMap((ids, tier) => ids.map((id) => [id, tier] as const)));
const BROAD = GENRE_TIERS.length; // drama, mystery, adventure, family, history, TV movie, any other

/** The genre of the lowest tier from `fromTier` on, TMDB's order within a tier. */
function genreFromTier(m: CatalogMovie, fromTier: number): number | undefined {
  let best: number | undefined;
  let bestTier = Infinity;
  for (const g of m.genre_ids) {
    const tier = GENRE_TIER.get(g) ?? BROAD;
    if (tier >= fromTier && tier < bestTier) {
      best = g;
      bestTier = tier;
    }
  }
  return best;
}

/** The genre a person would call a film by: its genre of the lowest tier, TMDB's order within a tier. */
export const mainGenre = (m: CatalogMovie) => genreFromTier(m, 0);

/**
 * The genre that says a film's kind within its audience: `mainGenre` with animation and
 * documentary left out (they are audiences, kept by `offAudience`), or `mainGenre` when the film
 * has no other genre (decision 0054).
 */
export const kindGenre = (m: CatalogMovie) => genreFromTier(m, 1) ?? mainGenre(m);

export function yearOf(m: CatalogMovie): number | null {
  return m.release_date ? Number(m.release_date.slice(0, 4)) : null;
}

/** How much of its score a candidate keeps for who the seed is for: genre and audience. */
export function audienceFactor(seed: CatalogMovie, cand: CatalogMovie): number {
  let f = 1;
  const sg = seed.genre_ids;
  const cg = cand.genre_ids;
  // Within an audience of its own (animation, documentary), kept by offAudience below, the seed's
  // kind is the genre that says it (decision 0054): a fantasy film among animated films.
  const main = kindGenre(seed);
  if (main !== undefined && !cg.includes(main)) f *= SIMILAR.offMainGenre;
  for (const g of [ANIMATION, DOCUMENTARY]) if (sg.includes(g) !== cg.includes(g)) f *= SIMILAR.offAudience;
  // Among documentaries, a music one (a concert film) is a kind of its own too.
  if (sg.includes(DOCUMENTARY) && sg.includes(MUSIC) !== cg.includes(MUSIC)) f *= SIMILAR.offAudience;
  if (sg.includes(FAMILY) && !cg.includes(FAMILY)) f *= SIMILAR.offFamily;
  if (!sg.includes(HORROR) && cg.includes(HORROR)) f *= SIMILAR.offHorror;
  if (!sg.includes(COMEDY) && cg.includes(COMEDY)) f *= SIMILAR.offComedy;
  const seedYoung = sg.includes(FAMILY) || sg.includes(ANIMATION);
  const seedMature = sg.some((g) => MATURE.includes(g));
  if (!seedYoung && cg.includes(FAMILY)) f *= seedMature ? SIMILAR.familyVsMature : SIMILAR.familyForGrownUps;
  else if (sg.includes(FAMILY) && cg.some((g) => MATURE.includes(g))) f *= SIMILAR.familyVsMature;
  if (
    seed.original_language &&
    seed.original_language !== 'en' &&
    cand.original_language !== seed.original_language
  )
    f *= SIMILAR.offLanguage;
  return f;
}

/** What a candidate keeps for who the seed is for and how much of its kind it shares: the two factors below. */
export function kindFactor(seed: CatalogMovie, cand: CatalogMovie): number {
  return audienceFactor(seed, cand) * genreOverlapFactor(seed.genre_ids, cand.genre_ids);
}

/**
 * How much of its score a candidate keeps for how much of the seed's kind it shares: with J the
 * Jaccard overlap of the two genre sets, min(1, floor + (1 − floor) · J / full) — nothing lost
 * from half the genres shared, half lost with none shared (decision 0072). Blind judges scored
 * picks sharing less than half the genres 0.2–0.7 below the rest of their list.
 */
export function genreOverlapFactor(sg: readonly number[], cg: readonly number[]): number {
  if (sg.length === 0 || cg.length === 0) return 1;
  let shared = 0;
  for (const g of cg) if (sg.includes(g)) shared++;
  const jaccard = shared / (sg.length + cg.length - shared);
  const floor = SIMILAR.genreOverlapFloor;
  return Math.min(1, floor + ((1 - floor) * jaccard) / SIMILAR.genreOverlapFull);
}

/** The years a candidate may be from a seed of `seedYear` before it loses score (see SIMILAR.era*). */
export function eraTolerance(seedYear: number): number {
  return Math.max(
    SIMILAR.eraMinTolerance,
    SIMILAR.eraPivotTolerance + SIMILAR.eraSlope * (seedYear - SIMILAR.eraPivotYear),
  );
}

/**
 * Era affinity: 1 within the seed's tolerance, then e^(−eraWeight · excess / tolerance); so a
 * silent film's neighbours stay within a few decades of it while a recent film's may be far older.
 */
export function eraFactor(seedYear: number | null, candYear: number | null): number {
  if (seedYear === null || candYear === null) return 1;
  const t = eraTolerance(seedYear);
  const excess = Math.abs(seedYear - candYear) - t;
  return excess > 0 ? Math.exp((-SIMILAR.eraWeight * excess) / t) : 1;
}

/** Documentary is a kind of its own: is this film one? */
export const isDocumentary = (m: CatalogMovie) => m.genre_ids.includes(DOCUMENTARY);

/**
 * How well people rate a film: its TMDB average shrunk towards the catalog's typical average by
 * `qualityPriorVotes` (so 12 votes of 8.5 count for less than 3,000 of 7.8), mapped from 5.5…8 to
 * 0…1, and weighted so a poorly rated film keeps 1 − `qualityWeight` of its score.
 */
export function quality(m: CatalogMovie): number {
  const v = m.vote_count;
  const shrunk =
    (v * m.vote_average + SIMILAR.qualityPriorVotes * SIMILAR.qualityMean) / (v + SIMILAR.qualityPriorVotes);
  const liked = Math.min(
    1,
    Math.max(0, (shrunk - SIMILAR.qualityLow) / (SIMILAR.qualityHigh - SIMILAR.qualityLow)),
  );
  return 1 - SIMILAR.qualityWeight + SIMILAR.qualityWeight * liked;
}

/**
 * How well known a candidate is, relative to the seed: films people know are the ones they name
 * after a well-known seed, while an obscure seed may have obscure neighbours. A candidate up to
 * `notabilityAllowance` orders of magnitude less voted than the seed keeps its score; beyond that
 * it keeps e^(−notabilityWeight · excess). More voted than the seed is never a bonus.
 */
export function notability(seed: CatalogMovie, cand: CatalogMovie): number {
  const gap = Math.log10(1 + seed.vote_count) - Math.log10(1 + cand.vote_count) - SIMILAR.notabilityAllowance;
  return gap > 0 ? Math.exp(-SIMILAR.notabilityWeight * gap) : 1;
}

const popBand = (m: CatalogMovie) => Math.min(4, Math.floor(Math.log10(1 + m.vote_count)));
const yearClose = (a: number | null, b: number | null) =>
  a === null || b === null ? 0 : Math.max(0, 1 - Math.abs(a - b) / 3);

export interface CollaborativeInput {
  matrix: ImplicitMatrix;
  /** catalog index → matrix index. */
  toMatrix: Map<number, number>;
  /** matrix index → catalog index (-1 when the item is not in the catalog). */
  toCatalog: Int32Array;
}

/**
 * "More like this" for one seed, over the whole catalog:
 * 1. candidates: TF-IDF content neighbours, plus collaborative neighbours (RP3beta over whole
 *    histories, not sessions) whose pair is supported by at least `minPairSupport` distinct users;
 * 2. relevance: content and collaborative scores (each scaled to [0, 1]) blended by the seed's
 *    evidence (the collaborative part at half weight where content sees nothing alike), times the
 *    audience factor (main genre, animation, documentary, family, horror, language),
 *    a light quality prior and the hubness damping;
 * 3. the seed's collection members first (sequels and prequels), then MMR over the rest, which
 *    spreads release years (away from the seed's and each other's) and popularity bands.
 */
export class SimilarRanker {
  private readonly byCollection = new Map<number, number[]>();
  /** The current seed's content similarities (dense, 0 where its terms reach nothing). */
  private sims: Float64Array = new Float64Array(0);
  private simsBuf: SparseScores | undefined;
  private readonly cfBuf: Float64Array<ArrayBuffer> | null;
  private readonly cfSupport: Float64Array<ArrayBuffer> | null;
  readonly years: (number | null)[];
  /** 1 for a film of a collection that is not the collection's first. */
  private readonly laterInstalment: Uint8Array;
  hub: Float64Array | null = null;
  /** Per seed kind (short, TV movie, obscure: 3 bits), which films may follow it (`fitsAfter`). */
  private readonly allowedByKind = new Map<number, Uint8Array>();

  constructor(
    readonly movies: CatalogMovie[],
    private readonly content: ContentSimilarity,
    private readonly isCandidate: (m: CatalogMovie) => boolean,
    private readonly cf: CollaborativeInput | null = null,
  ) {
    movies.forEach((m, i) => {
      if (!m.collection || !isCandidate(m)) return;
      let list = this.byCollection.get(m.collection.id);
      if (!list) this.byCollection.set(m.collection.id, (list = []));
      list.push(i);
    });
    this.years = movies.map(yearOf);
    // The first film of each collection (earliest release; ties by catalog order).
    const first = new Map<number, number>();
    movies.forEach((m, i) => {
      if (!m.collection) return;
      const f = first.get(m.collection.id);
      if (f === undefined || (this.years[i] ?? 9999) < (this.years[f] ?? 9999)) first.set(m.collection.id, i);
    });
    this.laterInstalment = Uint8Array.from(movies, (m, i) =>
      m.collection && first.get(m.collection.id) !== i ? 1 : 0,
    );
    this.cfBuf = cf ? new Float64Array(cf.matrix.nItems) : null;
    this.cfSupport = cf ? new Float64Array(cf.matrix.nItems) : null;
  }

  /** The films that may be recommended after `seed`: candidates that fit its kind (catalog `fitsAfter`). */
  allowedAfter(seed: number): Uint8Array {
    const s = this.movies[seed]!;
    const kind = (isShort(s) ? 1 : 0) | (isTvMovie(s) ? 2 : 0) | (isObscure(s) ? 4 : 0);
    let mask = this.allowedByKind.get(kind);
    if (!mask) {
      mask = Uint8Array.from(this.movies, (m) => (this.isCandidate(m) && fitsAfter(s, m) ? 1 : 0));
      this.allowedByKind.set(kind, mask);
    }
    return mask;
  }

  /** The seed's positives in the collaborative data (0 without it). */
  evidence(seed: number): number {
    const mi = this.cf?.toMatrix.get(seed);
    return mi === undefined ? 0 : this.cf!.matrix.count(mi);
  }

  /** Relevance of every candidate (catalog index → score), before collection-first and MMR. */
  relevance(seed: number, withHub = true): Map<number, number> {
    const s = this.movies[seed]!;
    const allowed = this.allowedAfter(seed);
    const sc = sparseOf(
      this.content,
      seed,
      allowed,
      () => (this.simsBuf ??= new SparseScores(this.movies.length)),
    );
    this.sims = sc.values;
    const contentTop = topKSparse(sc.values, sc.ids, sc.count, SIMILAR.contentCandidates, seed);
    const maxContent = contentTop.length ? this.sims[contentTop[0]!]! : 0;
    const n = this.evidence(seed);
    const alpha = this.cf ? Math.min(SIMILAR.cfCap, n / (n + SIMILAR.cfK)) : 0;
    const raw = this.contentPart(s, contentTop, maxContent, alpha);
    const mi = this.cf?.toMatrix.get(seed);
    if (alpha > 0 && mi !== undefined)
      this.addCollaborativePart(seed, mi, allowed, maxContent, alpha, withHub, raw);
    return this.relevanceOf(seed, raw, withHub);
  }

  /**
   * Content: closeness times the priors a person brings (people know the film and like it), the
   * priors taken to the power 1 / contentPower (the blend is raised to contentPower later), scaled
   * again to [0, 1] and weighed (1 − alpha) so that the collaborative part keeps its share.
   */
  private contentPart(
    s: CatalogMovie,
    contentTop: number[],
    maxContent: number,
    alpha: number,
  ): Map<number, number> {
    const raw = new Map<number, number>();
    let maxPrior = 0;
    for (const j of contentTop) {
      const c = this.movies[j]!;
      const v =
        (this.sims[j]! / (maxContent || 1)) * (quality(c) * notability(s, c)) ** (1 / SIMILAR.contentPower);
      raw.set(j, v);
      if (v > maxPrior) maxPrior = v;
    }
    for (const [j, v] of raw) raw.set(j, ((1 - alpha) * v) / (maxPrior || 1));
    return raw;
  }

  /** Adds the collaborative part (weight `alpha`) of the seed (`mi` in the matrix) to `raw`. */
  private addCollaborativePart(
    seed: number,
    mi: number,
    allowed: Uint8Array,
    maxContent: number,
    alpha: number,
    withHub: boolean,
    raw: Map<number, number>,
  ): void {
    const s = this.movies[seed]!;
    const cf = this.cf!;
    const scores = cf.matrix.rp3betaSupported(
      mi,
      SIMILAR.rp3Alpha,
      SIMILAR.rp3Beta,
      this.cfBuf!,
      this.cfSupport!,
    );
    for (let j = 0; j < scores.length; j++) if (this.cfSupport![j]! < SIMILAR.minPairSupport) scores[j] = 0;
    const top = topK(scores, SIMILAR.cfCandidates, mi);
    const maxCf = top.length ? scores[top[0]!]! : 0;
    for (const j of top) {
      const ci = cf.toCatalog[j]!;
      if (ci < 0 || ci === seed || !allowed[ci]) continue;
      // Half weight where content sees nothing alike, full weight from cfContentFloor up.
      const agree = 0.5 + 0.5 * Math.min(1, this.sims[ci]! / (maxContent || 1) / SIMILAR.cfContentFloor);
      // The audience factor and the hub damping (applied once after the power below) are also
      // applied to this part to the power (p − 1) / p, so that they weigh on collaborative
      // evidence as they did before the power: an off-audience film or a canon film liked by
      // the same people keeps no more than it did.
      const hub = withHub && this.hub ? this.hub[ci]! : 1;
      const damp =
        (kindFactor(s, this.movies[ci]!) * hub) ** ((SIMILAR.contentPower - 1) / SIMILAR.contentPower);
      raw.set(ci, (raw.get(ci) ?? 0) + alpha * agree * damp * (scores[j]! / (maxCf || 1)));
    }
  }

  /**
   * The blend raised to contentPower, times the audience, hub, sequel and era terms; documentaries
   * only after a documentary (when there are enough of them), never after fiction.
   */
  private relevanceOf(seed: number, raw: Map<number, number>, withHub: boolean): Map<number, number> {
    const s = this.movies[seed]!;
    const out = new Map<number, number>();
    const seedDoc = isDocumentary(s);
    let docs = 0;
    for (const [j, r] of raw) {
      const c = this.movies[j]!;
      // Documentary is a kind: a fiction seed is never followed by a documentary.
      if (!seedDoc && isDocumentary(c)) continue;
      const hub = withHub && this.hub ? this.hub[j]! : 1;
      // Raised to contentPower: closeness and the priors decide more than the audience, hub and MMR terms.
      // The seed's own franchise is exempt from the era and sequel terms (its members are the seed's kin).
      const own = !!s.collection && c.collection?.id === s.collection.id;
      const sequel = this.laterInstalment[j] && !own ? SIMILAR.otherSequel : 1;
      const era = own ? 1 : this.eraOf(seed, j);
      const v = r ** SIMILAR.contentPower * kindFactor(s, c) * hub * sequel * era;
      out.set(j, v);
      if (seedDoc && v > 0 && isDocumentary(c)) docs++;
    }
    // …and a documentary seed by documentaries only, when there are enough of them.
    if (seedDoc && docs >= SIMILAR.minDocumentaries)
      for (const j of [...out.keys()]) if (!isDocumentary(this.movies[j]!)) out.delete(j);
    return out;
  }

  /**
   * The era factor `relevance` applied to candidate `j` of `seed` (1 in the seed's own franchise).
   * Hubness is counted on relevance without it: otherwise old seeds, now kept in their era, would
   * make the fewer old films look like hubs and push them out of recent seeds' lists.
   */
  eraOf(seed: number, j: number): number {
    const s = this.movies[seed]!;
    const c = this.movies[j]!;
    if (s.collection && c.collection?.id === s.collection.id) return 1;
    return eraFactor(this.years[seed]!, this.years[j]!);
  }

  /** The served list for one seed: [catalog index, score] best first, at most k. */
  rank(seed: number, k: number, rel = this.relevance(seed)): [number, number][] {
    const s = this.movies[seed]!;
    const result: [number, number][] = [];
    const taken = new Set<number>([seed]);
    // 1. The franchise: members ordered by relevance (which favours the closest in content).
    const unhub = (j: number) => (rel.get(j) ?? 0) / (this.hub ? this.hub[j]! : 1);
    if (s.collection) {
      const all = (this.byCollection.get(s.collection.id) ?? []).filter((j) => j !== seed);
      const fitting = all.filter((j) => fitsAfter(s, this.movies[j]!, { sameFranchise: true }));
      // A franchise whose other films are all shorts or TV specials (Frozen Fever after Frozen,
      // Wallace & Gromit's shorts after The Curse of the Were-Rabbit): those are its kin, and a
      // person names them (decision 0059). Beside another feature they stay out (Toy Story's shorts).
      const members = (fitting.length ? fitting : all)
        // Hub damping is undone here: within the seed's own franchise, a popular member is no filler.
        .sort((a, b) => unhub(b) - unhub(a) || a - b)
        .slice(0, Math.min(SIMILAR.maxCollectionFirst, k));
      for (const j of members) {
        result.push([j, 0]);
        taken.add(j);
      }
    }
    // 2. MMR over the strongest candidates.
    const pool = [...rel]
      .filter(([j, r]) => r > 0 && !taken.has(j))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, Math.max(60, k * 3));
    const maxRel = pool.length ? pool[0]![1] : 1;
    const seedYear = this.years[seed]!;
    const lambda = SIMILAR.mmrLambda;
    // Redundancy of each pool film with the picks so far, kept as a running sum (O(k · pool)).
    const redSum = new Float64Array(pool.length);
    const alive = new Uint8Array(pool.length).fill(1);
    const bands = pool.map(([j]) => popBand(this.movies[j]!));
    let picked = 0;
    while (result.length < k && picked < pool.length) {
      let best = -1;
      let bestVal = -Infinity;
      for (let p = 0; p < pool.length; p++) {
        if (!alive[p]) continue;
        const [j, r] = pool[p]!;
        const red = 0.5 * yearClose(seedYear, this.years[j]!) + (picked ? redSum[p]! / picked : 0);
        const val = r / maxRel - lambda * red;
        if (val > bestVal) {
          bestVal = val;
          best = p;
        }
      }
      alive[best] = 0;
      picked++;
      const [j] = pool[best]!;
      result.push([j, 0]);
      taken.add(j);
      const yj = this.years[j]!;
      for (let p = 0; p < pool.length; p++)
        if (alive[p])
          redSum[p]! +=
            (1 - SIMILAR.mmrBand) * yearClose(yj, this.years[pool[p]![0]]!) +
            SIMILAR.mmrBand * (bands[p] === bands[best] ? 1 : 0);
    }
    // Scores: strictly decreasing in list order (the order is the answer; MMR values are not comparable).
    return result.map(([j], i) => [j, Math.round((1 - i / (k + 1)) * 1e6) / 1e6]);
  }

  /**
   * How much one appearance of `j` in `seed`'s first-pass top 10 counts towards its hubness:
   * `kinHubShare` when the two are of one kind (each one's main genre among the other's genres).
   */
  hubWeight(seed: number, j: number): number {
    const s = this.movies[seed]!;
    const c = this.movies[j]!;
    const sm = mainGenre(s);
    const cm = mainGenre(c);
    const kin = sm !== undefined && cm !== undefined && c.genre_ids.includes(sm) && s.genre_ids.includes(cm);
    return kin ? SIMILAR.kinHubShare : 1;
  }

  /**
   * Hubness: how often each film is in the first-pass top 10 of every seed (each appearance
   * weighted by `hubWeight`) damps the frequent ones, so one canon does not follow unrelated seeds.
   */
  setHubness(counts: ArrayLike<number>): void {
    this.hub = Float64Array.from(counts, (c) => 1 / (1 + c / SIMILAR.hubScale) ** SIMILAR.hubPower);
  }
}
