/**
 * The catalog's title index in typed arrays: a sorted term dictionary, each term's postings
 * (movie, field, frequency) in flat arrays, and each movie's field lengths — about 1/20 of the
 * memory of the object-based index it replaces (MiniSearch: a radix tree of Maps of Maps), which
 * could not hold a catalog of a million movies.
 *
 * It scores exactly as MiniSearch 7 does with the options this catalog uses (BM25+ with k 1.2,
 * b 0.7, d 0.5; prefix matches of the last word weighted 0.8·len/(len + 0.3·extra letters);
 * typos by Levenshtein distance weighted 0.45·len/(len + distance); a document boost; AND across
 * words; the score multiplied by the number of query words matched), so the real catalog's
 * answers and their order are unchanged (`test/title-index.test.ts` compares them, and
 * decision 0021 records the comparison on the real catalog).
 */

/** MiniSearch's tokenizer: runs of spaces, line breaks and punctuation separate words. */
export const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** Words joined by a hyphen or a middle dot, no space between: Spider-Man, X-Men, WALL·E. */
const COMPOUND = /[\p{L}\p{N}]+(?:[-\u2010\u2011\u00b7][\p{L}\p{N}]+)+/gu;

/** A number with a fraction sign (½, ¼, ⅓…), as one run: "8½", "½". */
const FRACTION = /\p{N}*[\u00bc-\u00be\u2150-\u215e]/gu;

/** Single letters joined by dots or stars, no space between: E.T., L.A., U.N.C.L.E., M*A*S*H. */
const LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[.*]\p{L})+(?![\p{L}\p{N}])/gu;

/**
 * A title's hyphenated words also as one word ("Spider-Man" → "SpiderMan"), which the builder
 * indexes as one more token of the field: people type "spiderman", "xmen", "walle" (decision 0057);
 * its letters written with dots or stars as one word ("E.T." → "ET"): people type "et", "mash",
 * "uncle" (decision 0068); a fraction sign as digits, and a number's twin (`numberTwins`, 0070).
 */
export function compounds(text: string): string[] {
  return [
    ...(text.match(COMPOUND) ?? []).map((c) => c.replace(/[-\u2010\u2011\u00b7]/g, '')),
    ...(text.match(LETTERS) ?? []).map((c) => c.replace(/[.*]/g, '')),
    // A number written with a fraction sign, also as typed: "8½" → 8, 1, 2 ("8 1/2").
    ...(text.match(FRACTION) ?? []).flatMap((c) =>
      `${c.slice(0, -1)} ${c.slice(-1).normalize('NFKC')}`.split(/[ \u2044]/).filter(Boolean),
    ),
    ...numberTwins(text),
  ];
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const NUMBER_OF_WORD = new Map<string, string>([
  ...NUMBER_WORDS.map((w, n) => [w, String(n)] as const),
  ...TENS.flatMap((w, t) => (w ? [[w, String(t * 10)] as const] : [])),
  ['hundred', '100'],
]);
const WORD_OF_NUMBER = new Map([...NUMBER_OF_WORD].map(([w, n]) => [n, w]));

/**
 * A number written as a word also as digits, and one of ten or more written in digits also as a
 * word (the words known: zero to twenty, the tens, hundred): "Seven Samurai" by "7 samurai",
 * "Ocean's Eleven" by "oceans 11", "12 Angry Men" by "twelve angry men" (decision 0070). Digits under ten stay digits only: they are mostly sequels' numbers
 * ("Toy Story 3" is not what "three" is typed for).
 */
function numberTwins(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(SPACE_OR_PUNCTUATION)) {
    const lower = word.toLowerCase();
    const digits = NUMBER_OF_WORD.get(lower) ?? romanValue(word);
    if (digits !== undefined) out.push(digits);
    else if (/^\d+$/.test(word) && Number(word) >= 10) {
      const name = WORD_OF_NUMBER.get(String(Number(word)));
      if (name !== undefined) out.push(name);
    }
  }
  return out;
}

/** Superscript digits: "Alien³", "[REC]²". */
const SUPERSCRIPTS = /[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]+/gu;

/**
 * A title's superscript number as a word of its own, in plain digits ("Alien³" → "Alien 3"), as it
 * is typed (decision 0071): what the index and the words typed are read from.
 */
export function superscriptsAsDigits(text: string): string {
  // Almost no text has one: the same string back without a replace's copy.
  if (!HAS_SUPERSCRIPT.test(text)) return text;
  return text.replace(SUPERSCRIPTS, (digits) => ` ${digits.normalize('NFKC')}`);
}
const HAS_SUPERSCRIPT = /[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]/u;

/** Roman numerals from II to XXXIX, written in capitals as titles number sequels (not "I", a word). */
const ROMAN = /^X{0,3}(IX|IV|V?I{0,3})$/;
const ROMAN_DIGIT: Record<string, number> = { I: 1, V: 5, X: 10 };
/**
 * A title's roman numeral as digits ("Rocky II" → 2, "Star Trek IV" → 4, "Malcolm X" → 10), so
 * it is found as people type it ("rocky 2"); the numeral itself stays a word too. "I" alone is
 * the pronoun far more often than "the first", and a numeral in lower case is a word (vi, xx).
 */
function romanValue(word: string): string | undefined {
  if (word === '' || word === 'I' || !ROMAN.test(word)) return undefined;
  let value = 0;
  for (let i = 0; i < word.length; i++) {
    const v = ROMAN_DIGIT[word[i]!]!;
    const next = ROMAN_DIGIT[word[i + 1] ?? ''] ?? 0;
    value += v < next ? -v : v;
  }
  return String(value);
}

const COMPOUND_AT_START = new RegExp(`^${COMPOUND.source}`, 'u');
const LETTERS_AT_START = new RegExp(`^${LETTERS.source}`, 'u');
/** The title's first word's letters or words joined ("E.T." → "ET", "Spider-Man:" → "SpiderMan"), if it has any. */
export function joinedOpening(title: string): string | undefined {
  const first = title.trimStart().split(/\s/, 1)[0]!;
  // At the word's start only: "Dodes'ka-den" does not open with "kaden".
  const joined = first.match(COMPOUND_AT_START)?.[0] ?? first.match(LETTERS_AT_START)?.[0];
  return joined?.replace(/[-\u2010\u2011\u00b7.*]/g, '');
}
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const FUZZY_WEIGHT = 0.45;
/**
 * The word being typed, completed: 0.8 of the whole word (MiniSearch's default was 0.375, which let
 * any obscure title holding the typed word itself outrank the film people mean: "spirit" put
 * Spirited Away 16th, "dead" Deadpool 11th). Decision 0064.
 */
const PREFIX_WEIGHT = 0.8;
/** The indexed fields, in scoring order. */
const FIELDS = 2;

export interface TitleQueryTerm {
  term: string;
  prefix: boolean;
  /** The largest edit distance accepted (0: none). */
  fuzzy: number;
}

export interface TitleHit {
  /** The document's position in the list it was built from. */
  doc: number;
  score: number;
}

/** Collects documents (`add`), then `finish()` packs them into a `TitleIndex`. */
/** Terms, or documents, packed between two yields of `finishInSlices` (about 10–40 ms of work). */
const PACK_SLICE = 20_000;

export class TitleIndexBuilder {
  private readonly postings = new Map<string, number[]>();
  private readonly lengths: number[] = [];
  private readonly avg = [0, 0];
  private count = 0;
  /** Each document's first two terms (title, then original title) by the order terms were first met, -1 where it has fewer. */
  private readonly leads = new IntList();
  /** How many of each document's two leads are the title's own terms (0–2; else the original title's). */
  private readonly titleLeads = new IntList();
  /** Each field's terms in order, hashed (`titleHash`): a title typed whole is found by it. */
  private readonly hashes = new IntList();
  /** Each document's words' first letters, a to z, one bit each (`initialBit`). */
  private readonly initials = new IntList();

  constructor(
    private readonly processTerm: (term: string) => string,
    private readonly boost: (doc: number) => number,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Adds the next document (its position is the number added before it). */
  add(fields: readonly [string, string]): void {
    const doc = this.count++;
    this.leads.push(-1);
    this.leads.push(-1);
    let leading = 0;
    let fromTitle = 0;
    let initials = 0;
    const inTitle = new Set<string>();
    for (let f = 0; f < FIELDS; f++) {
      const words = fields[f]!.split(SPACE_OR_PUNCTUATION);
      this.hashes.push(titleHash(words.map(this.processTerm)));
      const joined = compounds(fields[f]!);
      // A title that starts with letters or words joined ("E.T. the…", "Spider-Man…") starts with
      // them joined too: the short prefixes, which list titles starting so first, find E.T. by "et".
      const opening = f === 0 ? joined.indexOf(joinedOpening(fields[f]!) ?? '') : -1;
      let tokens =
        opening >= 0
          ? [joined[opening]!, ...words, ...joined.filter((_, i) => i !== opening)]
          : words.concat(joined);
      if (f === 0) for (const t of tokens) inTitle.add(this.processTerm(t));
      // The original title's words that the title already has are not indexed again: a word is
      // one match whichever language spells it ("Mission" in Astérix & Obélix : Mission
      // Cléopâtre counted twice put it above Mission: Impossible; decision 0064).
      else {
        tokens = originalOnly(tokens, inTitle, this.processTerm);
        // Nothing left: as an original title that is the title (an empty field, one empty token).
        if (tokens.length === 0) tokens = [''];
      }
      // As MiniSearch: the field's length is its distinct raw tokens; the running average is
      // updated in the same order, with the same arithmetic.
      const length = new Set(tokens).size;
      this.lengths.push(length);
      this.avg[f] = (this.avg[f]! * doc + length) / (doc + 1);
      for (const token of tokens) {
        const term = this.processTerm(token);
        if (!term) continue;
        initials |= initialBit(term.charCodeAt(0));
        // A term's list starts with its number (the order it was first met), then its postings.
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = [this.postings.size]));
        // The title's first term, and the term after it (which may be the original title's first).
        if (leading < 2 && (f === 0 || leading === 1)) {
          this.leads.items[doc * 2 + leading++] = list[0]!;
          if (f === 0) fromTitle = leading;
        }
        list.push(doc * FIELDS + f);
      }
    }
    this.initials.push(initials);
    this.titleLeads.push(fromTitle);
  }

  /** Packs what was added into the compact index, in one task. */
  finish(): TitleIndex {
    const steps = this.packSteps();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * `finish()` in slices: yields to the event loop between them, so that a server answers while a
   * large catalog's index is packed (a million titles took 4.6 s in one task, the longest pause of
   * an API's start and of a catalog swap).
   */
  async finishInSlices(): Promise<TitleIndex> {
    const steps = this.packSteps();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The packing, a generator that pauses (yields) after each slice of its work. */
  private *packSteps(): Generator<void, TitleIndex> {
    const met = [...this.postings.keys()];
    yield;
    const order = met.map((_, i) => i).sort((a, b) => (met[a]! < met[b]! ? -1 : met[a]! > met[b]! ? 1 : 0));
    yield;
    const terms = order.map((i) => met[i]!);
    /** A term's position in the sorted dictionary, by the order it was first met. */
    const position = new Int32Array(order.length);
    order.forEach((id, i) => (position[id] = i));
    let total = 0;
    for (const t of terms) total += this.postings.get(t)!.length - 1;
    yield;
    const start = new Int32Array(terms.length + 1);
    const split = new Int32Array(terms.length);
    const docs = new Int32Array(total);
    const freqs = new Uint8Array(total);
    let at = 0;
    for (let i = 0; i < terms.length; i++) {
      if (i % PACK_SLICE === PACK_SLICE - 1) yield;
      start[i] = at;
      const list = this.postings.get(terms[i]!)!;
      // Per field, documents in the order they were added (MiniSearch's Map insertion order),
      // each once with its frequency.
      for (let f = 0; f < FIELDS; f++) {
        if (f === 1) split[i] = at;
        let last = -1;
        for (let k = 1; k < list.length; k++) {
          const code = list[k]!;
          if (code % FIELDS !== f) continue;
          const doc = (code - f) / FIELDS;
          if (doc === last) {
            if (freqs[at - 1]! < 255) freqs[at - 1]!++;
          } else {
            docs[at] = doc;
            freqs[at] = 1;
            at++;
            last = doc;
          }
        }
      }
    }
    start[terms.length] = at;
    const boosts = new Float64Array(this.count);
    for (let d = 0; d < this.count; d++) {
      if (d % PACK_SLICE === PACK_SLICE - 1) yield;
      boosts[d] = this.boost(d);
    }
    const leads = new Int32Array(this.count * 2);
    for (let i = 0; i < leads.length; i++) {
      const id = this.leads.items[i]!;
      leads[i] = id < 0 ? -1 : position[id]!;
    }
    const lengths = Uint16Array.from(this.lengths, (l) => Math.min(l, 65_535));
    yield;
    const deletions = yield* deletionSteps(terms);
    return new TitleIndex(
      terms,
      start,
      split,
      docs.slice(0, at),
      freqs.slice(0, at),
      lengths,
      [this.avg[0]!, this.avg[1]!],
      boosts,
      leads,
      Uint8Array.from(this.titleLeads.items.subarray(0, this.titleLeads.length)),
      this.hashes.items.slice(0, this.hashes.length),
      Uint32Array.from(this.initials.items.subarray(0, this.initials.length)),
      deletions,
    );
  }
}

/** The original title's tokens whose term the title does not have (empty terms dropped too). */
function originalOnly(
  tokens: readonly string[],
  inTitle: ReadonlySet<string>,
  processTerm: (term: string) => string,
): string[] {
  return tokens.filter((t) => {
    const term = processTerm(t);
    return term !== '' && !inTitle.has(term);
  });
}

export class TitleIndex {
  constructor(
    /** Every distinct term, sorted by UTF-16 code units. */
    private readonly terms: readonly string[],
    /** Term i's postings are `start[i]` to `start[i + 1]`: the title's first, the original title's from `split[i]`. */
    private readonly start: Int32Array,
    private readonly split: Int32Array,
    private readonly docs: Int32Array,
    private readonly freqs: Uint8Array,
    /** Field lengths, `lengths[doc * 2 + field]`. */
    private readonly lengths: Uint16Array,
    private readonly avgLength: readonly [number, number],
    private readonly boosts: Float64Array,
    /** Each document's first two terms' positions (title, then original title), -1 where it has fewer. */
    private readonly leads: Int32Array,
    /** How many of each document's two leads are its title's own terms (0–2). */
    private readonly titleLeads: Uint8Array,
    /** Each document's fields' terms, hashed in order (`titleHash`): title, then original title. */
    private readonly fieldHashes: Int32Array,
    /** Each document's words' first letters (`initialBit`). */
    private readonly initials: Uint32Array,
    /** The terms' deletion table when made already (`finishInSlices`), else made here. */
    deletions?: DeletionTable,
  ) {
    this.shared = new Uint8Array(terms.length);
    for (let i = 0; i + 1 < terms.length; i++) {
      const a = terms[i]!;
      const b = terms[i + 1]!;
      const limit = Math.min(a.length, b.length, 255);
      let k = 0;
      while (k < limit && a.charCodeAt(k) === b.charCodeAt(k)) k++;
      this.shared[i] = k;
    }
    this.deletions = deletions ?? deletionTable(terms);
    this.seen = new Uint32Array(terms.length);
  }

  /**
   * The deletion neighbourhoods of the terms (decision 0041): for every term of 4 letters or
   * more, the hash of the term and of each string made by deleting one of its letters, and for
   * terms of 7 letters or more also two, each with the term's position, sorted by hash. Two
   * strings within k edits share a string made by deleting at most k letters from each, so the
   * terms within k edits of a query are among those listed under its own deletions' hashes.
   */
  private readonly deletions: DeletionTable;

  /** How many first letters term i shares with term i + 1 (at most 255). */
  private readonly shared: Uint8Array;

  get documentCount(): number {
    return this.boosts.length;
  }

  /** Bytes held by the typed arrays (the term strings are on top: about 40 bytes each). */
  get arrayBytes(): number {
    const { keys, ids, starts } = this.deletions;
    return [
      this.start,
      this.split,
      this.docs,
      this.freqs,
      this.lengths,
      this.boosts,
      this.leads,
      this.titleLeads,
      this.fieldHashes,
      this.initials,
      this.shared,
      keys,
      ids,
      starts,
      this.seen,
    ].reduce((n, a) => n + a.byteLength, 0);
  }

  get termCount(): number {
    return this.terms.length;
  }

  /**
   * The documents whose title or original title is exactly these terms, in this order (as the
   * builder split and processed them): someone who types a title whole. Candidates are the
   * postings of the rarest term, each checked by its fields' hashes (decisions 0057, 0064).
   */
  exactTitles(terms: readonly string[]): number[] {
    const words = terms.filter(Boolean);
    if (words.length === 0) return [];
    let rare = -1;
    for (const w of words) {
      const t = this.find(w);
      if (t < 0) return [];
      if (rare < 0 || this.start[t + 1]! - this.start[t]! < this.start[rare + 1]! - this.start[rare]!)
        rare = t;
    }
    const hash = titleHash(words);
    const out: number[] = [];
    for (let p = this.start[rare]!, end = this.start[rare + 1]!; p < end; p++) {
      const doc = this.docs[p]!;
      // Either field: an original title's words that the title has are indexed under the title
      // only, so "Léon" is found through the title Léon: The Professional.
      const whole = this.fieldHashes[doc * FIELDS] === hash || this.fieldHashes[doc * FIELDS + 1] === hash;
      if (whole && !out.includes(doc)) out.push(doc);
    }
    return out;
  }

  /** Documents matching the query words, best first. */
  search(query: readonly TitleQueryTerm[], combineWith: 'and' | 'or'): TitleHit[] {
    return this.searchTop(query, combineWith, Infinity).hits;
  }

  /**
   * The best `limit` documents matching the query words, best first, and how many match in all.
   * Scores accumulate in arrays indexed by document (no object per match), in the order and with
   * the arithmetic of MiniSearch's maps, so answers and ties are as before; only the best `limit`
   * are sorted.
   */
  searchTop(
    query: readonly TitleQueryTerm[],
    combineWith: 'and' | 'or',
    limit: number,
    /** Only documents with a word starting with this letter (a to z): the start of the word being typed. */
    initial?: string,
    /** Documents for which `test` holds score `factor` times their match (a title typed from its start). */
    favour?: { test: (doc: number) => boolean; factor: number },
  ): { hits: TitleHit[]; total: number } {
    if (query.length === 0) return { hits: [], total: 0 };
    const s = this.scratchArrays();
    const bits = new Map<string, number>();
    let combined = s.combined;
    combined.length = 0;
    let inSet = 0;
    for (let j = 0; j < query.length; j++) {
      const q = query[j]!;
      let bit = bits.get(q.term);
      if (bit === undefined) bits.set(q.term, (bit = 1 << Math.min(bits.size, MAX_TERM_BITS - 1)));
      // Past the first word, AND only keeps documents already in: others need no score.
      const docs = this.termQuery(q, s, j > 0 && combineWith === 'and' ? inSet : 0);
      if (j === 0) {
        inSet = s.tick();
        for (let i = 0; i < docs.length; i++) {
          const doc = docs.items[i]!;
          s.inSet[doc] = inSet;
          s.total[doc] = s.termScore[doc]!;
          s.mask[doc] = bit;
          combined.push(doc);
        }
      } else if (combineWith === 'and') {
        // MiniSearch's AND keeps the documents of both, in the order of the later.
        const next = s.tick();
        const kept = combined === s.combined ? s.other : s.combined;
        kept.length = 0;
        for (let i = 0; i < docs.length; i++) {
          const doc = docs.items[i]!;
          if (s.inSet[doc] !== inSet) continue;
          s.total[doc] = s.total[doc]! + s.termScore[doc]!;
          s.mask[doc]! |= bit;
          s.inSet[doc] = next;
          kept.push(doc);
        }
        inSet = next;
        combined = kept;
        if (kept.length === 0) break;
      } else {
        // OR adds into the first, new documents after it.
        for (let i = 0; i < docs.length; i++) {
          const doc = docs.items[i]!;
          if (s.inSet[doc] === inSet) {
            s.total[doc]! += s.termScore[doc]!;
            s.mask[doc]! |= bit;
          } else {
            s.inSet[doc] = inSet;
            s.total[doc] = s.termScore[doc]!;
            s.mask[doc] = bit;
            combined.push(doc);
          }
        }
      }
    }
    if (initial !== undefined) {
      // A bit per document, not a scan of every word with that letter (a million titles hold
      // hundreds of thousands): the documents in are kept or dropped, their scores unchanged.
      const bit = initialBit(initial.charCodeAt(0));
      let kept = 0;
      for (let i = 0; i < combined.length; i++) {
        const doc = combined.items[i]!;
        if (this.initials[doc]! & bit) combined.items[kept++] = doc;
      }
      combined.length = kept;
    }
    const count = combined.length;
    if (s.scores.length < count) s.scores = new Float64Array(Math.max(count, 2 * s.scores.length));
    const scoreAt = s.scores;
    for (let i = 0; i < count; i++) {
      const doc = combined.items[i]!;
      scoreAt[i] = s.total[doc]! * (bitCount(s.mask[doc]!) || 1);
      if (favour?.test(doc)) scoreAt[i]! *= favour.factor;
    }
    const best = bestPositions(scoreAt, count, limit);
    return { hits: best.map((i) => ({ doc: combined.items[i]!, score: scoreAt[i]! })), total: count };
  }

  /** One query word's documents in MiniSearch's insertion order, their scores in `s.termScore`. */
  private termQuery(q: TitleQueryTerm, s: Scratch, within: number): IntList {
    const docs = s.termDocs;
    docs.length = 0;
    const tick = s.tick();
    const exact = this.find(q.term);
    if (exact >= 0) this.termResults(exact, 1, s, tick, within);
    // The prefix's terms are one run of the sorted dictionary: [prefixFrom, prefixTo).
    const [prefixFrom, prefixTo] = q.prefix ? this.prefixRange(q.term) : [0, 0];
    for (let i = prefixFrom; i < prefixTo; i++) {
      const term = this.terms[i]!;
      if (term.length === q.term.length) continue; // the word itself, scored above
      const distance = term.length - q.term.length;
      this.termResults(i, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), s, tick, within);
    }
    if (q.fuzzy > 0) {
      const fuzzy = this.fuzzyTerms(q.term, q.fuzzy);
      for (const [i, distance] of fuzzy) {
        if (distance === 0 || (i >= prefixFrom && i < prefixTo)) continue;
        const term = this.terms[i]!;
        this.termResults(i, (FUZZY_WEIGHT * term.length) / (term.length + distance), s, tick, within);
      }
      // Two neighbouring letters swapped ("pyscho"): one slip of the fingers, but two edits for
      // Levenshtein, past what a word of up to 8 letters is allowed. A word of the dictionary one
      // swap away that the edits did not reach is scored as one edit away (decision 0057).
      for (const i of this.swappedTerms(q.term)) {
        if (i === exact || (i >= prefixFrom && i < prefixTo) || fuzzy.some(([j]) => j === i)) continue;
        const term = this.terms[i]!;
        this.termResults(i, (FUZZY_WEIGHT * term.length) / (term.length + 1), s, tick, within);
      }
    }
    return docs;
  }

  /** `within`: if not 0, only documents whose `s.inSet` stamp it is (the others are skipped). */
  private termResults(t: number, weight: number, s: Scratch, tick: number, within: number): void {
    const n = this.documentCount;
    const { termScore, termStamp, termDocs, inSet } = s;
    for (let f = 0; f < FIELDS; f++) {
      const from = f === 0 ? this.start[t]! : this.split[t]!;
      const to = f === 0 ? this.split[t]! : this.start[t + 1]!;
      const matching = to - from;
      if (matching === 0) continue;
      const idf = Math.log(1 + (n - matching + 0.5) / (matching + 0.5));
      const avg = this.avgLength[f]!;
      for (let p = from; p < to; p++) {
        const doc = this.docs[p]!;
        if (within !== 0 && inSet[doc] !== within) continue;
        const boost = this.boosts[doc]!;
        if (!boost) continue;
        const tf = this.freqs[p]!;
        const length = this.lengths[doc * FIELDS + f]!;
        const raw =
          idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));
        const score = weight * boost * raw;
        if (termStamp[doc] === tick) termScore[doc]! += score;
        else {
          termStamp[doc] = tick;
          termScore[doc] = score;
          termDocs.push(doc);
        }
      }
    }
  }

  /** The dictionary's words that are `term` with two neighbouring letters swapped, each once. */
  swappedTerms(term: string): number[] {
    const out: number[] = [];
    for (let k = 0; k + 1 < term.length; k++) {
      if (term[k] === term[k + 1]) continue;
      const t = this.find(term.slice(0, k) + term[k + 1] + term[k] + term.slice(k + 2));
      if (t >= 0 && !out.includes(t)) out.push(t);
    }
    return out;
  }

  /** The positions of the terms starting with `prefix`: `[from, to)`. */
  prefixRange(prefix: string): [number, number] {
    if (prefix === '') return [0, this.terms.length];
    // The terms that start so sort from the prefix up to (not including) the prefix with its last
    // code unit one higher: two binary searches, not a walk over every term that starts so.
    const last = prefix.length - 1;
    const after = prefix.slice(0, last) + String.fromCharCode(prefix.charCodeAt(last) + 1);
    return [this.lowerBound(prefix), this.lowerBound(after)];
  }

  /** How many postings the terms in `[from, to)` have (an upper bound of the documents they match). */
  postingCount(from: number, to: number): number {
    return this.start[to]! - this.start[from]!;
  }

  /**
   * The prefixes of one to `maxLength` letters whose terms have more than `minPostings` postings
   * in all: the short queries that match the most titles.
   */
  busyPrefixes(maxLength: number, minPostings: number): string[] {
    const out: string[] = [];
    const terms = this.terms;
    for (let k = 1; k <= maxLength; k++) {
      for (let i = 0; i < terms.length;) {
        if (terms[i]!.length < k) {
          i++;
          continue;
        }
        const key = terms[i]!.slice(0, k);
        let j = i + 1;
        while (j < terms.length && terms[j]!.startsWith(key)) j++;
        if (this.postingCount(i, j) > minPostings) out.push(key);
        i = j;
      }
    }
    return out;
  }

  /** The document's first (0) or second (1) title term (a dictionary position, -1 where it has fewer). */
  leadTerm(doc: number, which: 0 | 1): number {
    return this.leads[doc * 2 + which]!;
  }

  /** How many of the document's first two terms (`leadTerm`) are its title's own (0–2). */
  titleLeadCount(doc: number): number {
    return this.titleLeads[doc]!;
  }

  /**
   * Every document with a term in `[from, to)`, each once: `visit(doc, leads)`, where `leads` says
   * whether the document's first term is one of them, or its second after a first `article`
   * (a term position, or -1).
   */
  visitTermRange(
    from: number,
    to: number,
    article: number,
    visit: (doc: number, leads: boolean) => void,
  ): void {
    const s = this.scratchArrays();
    const tick = s.tick();
    const seen = s.termStamp;
    const leads = this.leads;
    for (let p = this.start[from]!, end = this.start[to]!; p < end; p++) {
      const doc = this.docs[p]!;
      if (seen[doc] === tick) continue;
      seen[doc] = tick;
      const first = leads[doc * 2]!;
      const second = leads[doc * 2 + 1]!;
      visit(doc, (first >= from && first < to) || (first === article && second >= from && second < to));
    }
  }

  private scratch: Scratch | undefined;

  /** The per-search arrays, one slot per document, made at the first search. */
  private scratchArrays(): Scratch {
    const s = (this.scratch ??= new Scratch(this.documentCount));
    s.begin();
    return s;
  }

  /**
   * The ways `term` reads as two or three indexed words typed without spaces ("wonderwoman": wonder
   * woman; "toystory": toy story): at most `max` of two words, then at most `max` of three, each
   * group with the ways whose rarest word is the most common first; each word at least two
   * letters, the last one only a word's start when `lastIsStart` ("wonderwom").
   */
  joinedWords(term: string, lastIsStart: boolean, max = 3): string[][] {
    const minLetters = 2;
    const count = (word: string, last: boolean): number => {
      if (word.length < minLetters) return 0;
      const at = this.find(word);
      if (at >= 0) return this.postingCount(at, at + 1);
      if (!last || !lastIsStart) return 0;
      const [from, to] = this.prefixRange(word);
      return from < to ? this.postingCount(from, to) : 0;
    };
    const ways: { words: string[]; support: number }[] = [];
    const split = (rest: string, words: string[], support: number, pieces: number): void => {
      if (pieces === 1) {
        const n = count(rest, true);
        if (n > 0) ways.push({ words: [...words, rest], support: Math.min(support, n) });
        return;
      }
      for (let i = minLetters; i <= rest.length - minLetters; i++) {
        const n = count(rest.slice(0, i), false);
        if (n > 0) split(rest.slice(i), [...words, rest.slice(0, i)], Math.min(support, n), pieces - 1);
      }
    };
    const readings: string[][] = [];
    for (let pieces = 2; pieces <= 3; pieces++) {
      ways.length = 0;
      split(term, [], Infinity, pieces);
      readings.push(
        ...ways
          .sort((a, b) => b.support - a.support)
          .slice(0, max)
          .map((w) => w.words),
      );
    }
    return readings;
  }

  /** The position of `term` in the dictionary, or -1. */
  find(term: string): number {
    const i = this.lowerBound(term);
    return this.terms[i] === term ? i : -1;
  }

  /** The first position whose term is not below `term`. */
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Terms within `maxDistance` edits (Levenshtein) of `query`, with their distance, in dictionary
   * order. Up to two edits and 32 letters, from the deletion table: the candidates listed under
   * the hashes of the query's deletions, each checked by its edit distance (a hash shared by
   * chance only adds a candidate that the check drops); beyond, by the walk below. Both give the
   * same list (`test/title-index.test.ts` compares them).
   */
  fuzzyTerms(query: string, maxDistance: number): [number, number][] {
    const table = this.deletions;
    if (
      maxDistance < 1 ||
      maxDistance > MAX_TABLE_DISTANCE ||
      query.length > MAX_TABLE_LETTERS ||
      !tableReaches(query.length, maxDistance)
    ) {
      return this.fuzzyTermsByWalk(query, maxDistance);
    }
    const seen = this.seen;
    if (this.stampNow === 0xffffffff) {
      // The stamps are 32-bit: start again from a clean array rather than wrap around.
      seen.fill(0);
      this.stampNow = 0;
    }
    const stamp = ++this.stampNow;
    const terms = this.terms;
    const candidates: number[] = [];
    const codes = new Uint16Array(query.length);
    for (let i = 0; i < query.length; i++) codes[i] = query.charCodeAt(i);
    forEachDeletion(codes, maxDistance, (hash) => {
      const bucket = hash >>> BUCKET_SHIFT;
      for (let p = table.starts[bucket]!, to = table.starts[bucket + 1]!; p < to; p++) {
        if (table.keys[p] !== hash) continue;
        const t = table.ids[p]!;
        if (seen[t] === stamp) continue;
        seen[t] = stamp;
        if (Math.abs(terms[t]!.length - query.length) <= maxDistance) candidates.push(t);
      }
    });
    candidates.sort((a, b) => a - b);
    const out: [number, number][] = [];
    for (const t of candidates) {
      const d = boundedDistance(query, terms[t]!, maxDistance);
      if (d <= maxDistance) out.push([t, d]);
    }
    return out;
  }

  /** Per term, the last query whose candidates listed it (`stampNow` counts the queries). */
  private readonly seen: Uint32Array;
  private stampNow = 0;

  /**
   * Terms within `maxDistance` edits (Levenshtein) of `query`, with their distance. The sorted
   * dictionary is walked as a trie: a term reuses the matrix rows of the prefix it shares with
   * the previous one (`shared`, precomputed), and a prefix whose row is already past the distance
   * skips every term that starts with it.
   */
  fuzzyTermsByWalk(query: string, maxDistance: number): [number, number][] {
    const out: [number, number][] = [];
    const n = query.length + 1;
    const maxLen = query.length + maxDistance;
    const far = maxDistance + 1;
    const matrix = new Uint8Array((maxLen + 1) * n);
    for (let j = 0; j < n; j++) matrix[j] = Math.min(j, far);
    const terms = this.terms;
    const shared = this.shared;
    let common = 0; // letters the current term shares with the one whose rows the matrix holds
    for (let i = 0; i < terms.length;) {
      const term = terms[i]!;
      let pruneAt = -1;
      const rows = Math.min(term.length, maxLen);
      for (let r = common + 1; r <= rows; r++) {
        const ch = term.charCodeAt(r - 1);
        const row = r * n;
        const above = row - n;
        let min = (matrix[row] = Math.min(r, far));
        // Only the band |r - j| <= maxDistance can hold a value within the distance (a cell's
        // distance is at least |r - j|): the cells just outside it read as `far`, which is what the
        // full row would hold there (values are capped at `far`), so the rows are the same.
        const lo = r - maxDistance > 1 ? r - maxDistance : 1;
        const hi = r + maxDistance < n - 1 ? r + maxDistance : n - 1;
        if (lo > 1) matrix[row + lo - 1] = far;
        if (hi < n - 1) matrix[row + hi + 1] = far;
        for (let j = lo; j <= hi; j++) {
          const cost = ch === query.charCodeAt(j - 1) ? 0 : 1;
          let v = matrix[above + j - 1]! + cost;
          const del = matrix[above + j]! + 1;
          const ins = matrix[row + j - 1]! + 1;
          if (del < v) v = del;
          if (ins < v) v = ins;
          if (far < v) v = far;
          matrix[row + j] = v;
          if (v < min) min = v;
        }
        if (min > maxDistance) {
          pruneAt = r;
          break;
        }
      }
      if (pruneAt > 0) {
        // Nothing that starts with this term's first pruneAt letters comes back within the
        // distance: skip them all (they follow it in the sorted dictionary).
        while (i < terms.length - 1 && shared[i]! >= pruneAt) i++;
        common = Math.min(shared[i]!, pruneAt - 1);
        i++;
        continue;
      }
      if (term.length <= maxLen && term.length >= query.length - maxDistance) {
        const distance = matrix[term.length * n + n - 1]!;
        if (distance <= maxDistance) out.push([i, distance]);
      }
      common = Math.min(shared[i]!, rows);
      i++;
    }
    return out;
  }
}

/**
 * The distinct query words counted, one bit each; words past the 32nd share the last bit, so the
 * "words matched" multiplier stops at 32 (`CatalogIndex` asks with at most four).
 */
const MAX_TERM_BITS = 32;

function bitCount(mask: number): number {
  let n = 0;
  for (; mask; mask &= mask - 1) n++;
  return n;
}

/** A letter's bit (a to z; 0 for anything else) in a document's initials. */
function initialBit(code: number): number {
  return code >= 97 && code <= 122 ? 1 << (code - 97) : 0;
}

/** A growable list of integers. */
export class IntList {
  items: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.items = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }
}

/** Arrays indexed by document, reused by every search (stamps say which entries are current). */
class Scratch {
  readonly termScore: Float64Array;
  readonly termStamp: Uint32Array;
  readonly total: Float64Array;
  readonly inSet: Uint32Array;
  readonly mask: Uint32Array;
  readonly termDocs = new IntList();
  readonly combined = new IntList();
  readonly other = new IntList();
  /** The final scores, by place in the combined list. */
  scores = new Float64Array(1024);
  private now = 0;

  constructor(documents: number) {
    this.termScore = new Float64Array(documents);
    this.termStamp = new Uint32Array(documents);
    this.total = new Float64Array(documents);
    this.inSet = new Uint32Array(documents);
    this.mask = new Uint32Array(documents);
  }

  /** Before a search: the arrays are cleared well before the 32-bit stamps could wrap within one. */
  begin(): void {
    if (this.now > 0xfff00000) {
      this.termStamp.fill(0);
      this.inSet.fill(0);
      this.now = 0;
    }
  }

  /** A new stamp, never used before. */
  tick(): number {
    return ++this.now;
  }
}

/**
 * The positions of the best `limit` scores, best first; equal scores keep their order (a stable
 * sort's). Fewer than all are kept in a bounded heap, so only they are sorted.
 */
function bestPositions(scores: Float64Array, count: number, limit: number): number[] {
  if (limit >= count) {
    const all = Array.from({ length: count }, (_, i) => i);
    return all.sort((a, b) => scores[b]! - scores[a]! || a - b);
  }
  if (limit <= 0) return [];
  // A min-heap of the best so far, its worst at the root (lower score, or later among equals).
  const heap = new Int32Array(limit);
  let size = 0;
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(heap[l]!, heap[m]!)) m = l;
      if (r < size && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < count; i++) {
    if (size < limit) {
      let c = size++;
      heap[c] = i;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (!worse(heap[c]!, heap[parent]!)) break;
        [heap[c], heap[parent]] = [heap[parent]!, heap[c]!];
        c = parent;
      }
    } else if (scores[i]! > scores[heap[0]!]!) {
      // A later position with an equal score ranks below the root: only a higher score enters.
      heap[0] = i;
      down(0);
    }
  }
  return Array.from(heap).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** The deletion table covers up to two edits, for query words of up to 32 letters. */
const MAX_TABLE_DISTANCE = 2;
const MAX_TABLE_LETTERS = 32;
/** Terms of this many letters or more have their one-letter deletions listed; two-letter from the second. */
const ONE_DELETION_FROM = 4;
const TWO_DELETIONS_FROM = 7;

/**
 * Whether the deletion table finds every term within `distance` edits of a query of `letters`
 * letters. A term of L letters that close needs at most `distance - max(0, letters - L)` of its
 * own letters deleted to meet one of the query's deletions (a substitution is a deletion on both
 * sides, an insertion into the query one on the term's); the table lists a term's one-letter
 * deletions from 4 letters and two from 7, and no term shorter than 4. So one edit from 5
 * letters, two from 7 (decision 0064; before, two only from 9, by a rule that asked every term
 * to be 7 letters).
 */
function tableReaches(letters: number, distance: number): boolean {
  for (let length = Math.max(1, letters - distance); length <= letters + distance; length++) {
    const needed = distance - Math.max(0, letters - length);
    const listed = length >= TWO_DELETIONS_FROM ? 2 : length >= ONE_DELETION_FROM ? 1 : -1;
    if (needed > listed) return false;
  }
  return true;
}

interface DeletionTable {
  /** The hashes, sorted (each with its term in `ids`); those whose top 16 bits are b from `starts[b]`. */
  keys: Uint32Array;
  ids: Int32Array;
  starts: Uint32Array;
}
const BUCKET_SHIFT = 16;

/** The polynomial hash's base (odd), and the hash of a string: Σ code·BASE^(letters after it), mod 2^32. */
const BASE = 0x9e3779b1;
/** Prefix hashes and powers of BASE for `forEachDeletion`, grown as needed. */
let prefix = new Int32Array(64);
let power = new Int32Array(64);

/** Murmur3's finalizer: spreads the polynomial's bits (the table keeps the top ones). */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Calls `visit` with the hash of `codes` and of every string made by deleting up to
 * `maxDeletions` (1 or 2) of its letters (a string may come more than once). A polynomial hash,
 * so a deletion's hash is put together from prefix hashes without building the string.
 */
function forEachDeletion(codes: Uint16Array, maxDeletions: number, visit: (hash: number) => void): void {
  const n = codes.length;
  if (prefix.length <= n) {
    prefix = new Int32Array(2 * n + 2);
    power = new Int32Array(2 * n + 2);
  }
  power[0] = 1;
  for (let i = 0; i < n; i++) {
    prefix[i + 1] = (Math.imul(prefix[i]!, BASE) + codes[i]!) | 0;
    power[i + 1] = Math.imul(power[i]!, BASE);
  }
  /** The hash of codes[i..j). */
  const segment = (i: number, j: number) => (prefix[j]! - Math.imul(prefix[i]!, power[j - i]!)) | 0;
  visit(mix(prefix[n]!));
  for (let a = 0; a < n; a++) {
    // Deleting either of two equal neighbours gives the same string: once is enough.
    if (a > 0 && codes[a] === codes[a - 1]) continue;
    visit(mix((Math.imul(prefix[a]!, power[n - 1 - a]!) + segment(a + 1, n)) | 0));
    if (maxDeletions < 2) continue;
    for (let b = a + 1; b < n; b++) {
      if (b > a + 1 && codes[b] === codes[b - 1]) continue;
      const head = (Math.imul(prefix[a]!, power[b - a - 1]!) + segment(a + 1, b)) | 0;
      visit(mix((Math.imul(head, power[n - 1 - b]!) + segment(b + 1, n)) | 0));
    }
  }
}

function deletionTable(terms: readonly string[]): DeletionTable {
  const steps = deletionSteps(terms);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** `deletionTable`, pausing (yielding) after each slice of its work (`finishInSlices`). */
function* deletionSteps(terms: readonly string[]): Generator<void, DeletionTable> {
  let count = 0;
  for (const t of terms) {
    const n = t.length;
    if (n >= TWO_DELETIONS_FROM) count += 1 + n + (n * (n - 1)) / 2;
    else if (n >= ONE_DELETION_FROM) count += 1 + n;
  }
  const hashes = new Uint32Array(count);
  const owners = new Int32Array(count);
  const starts = new Uint32Array((1 << (32 - BUCKET_SHIFT)) + 1);
  let at = 0;
  let id = 0;
  const add = (hash: number) => {
    hashes[at] = hash;
    owners[at++] = id;
    starts[(hash >>> BUCKET_SHIFT) + 1]!++;
  };
  let codes = new Uint16Array(64);
  for (let slice = 0; id < terms.length; id++) {
    // By the entries made: a long term makes hundreds (its deletions of two letters).
    if (at - slice > 16 * PACK_SLICE) {
      slice = at;
      yield;
    }
    const t = terms[id]!;
    if (t.length < ONE_DELETION_FROM) continue;
    if (codes.length < t.length) codes = new Uint16Array(2 * t.length);
    for (let i = 0; i < t.length; i++) codes[i] = t.charCodeAt(i);
    forEachDeletion(codes.subarray(0, t.length), t.length >= TWO_DELETIONS_FROM ? 2 : 1, add);
  }
  // A counting sort by the top 16 bits (a general sort of ~840,000 numbers took ~100 ms), then
  // each bucket (about a dozen entries) by hash, stably: a hash's terms stay in dictionary order.
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const keys = new Uint32Array(at);
  const ids = new Int32Array(at);
  const next = starts.slice(0, -1);
  yield;
  for (let i = 0; i < at; i++) {
    if (i % (16 * PACK_SLICE) === 16 * PACK_SLICE - 1) yield;
    const p = next[hashes[i]! >>> BUCKET_SHIFT]!++;
    keys[p] = hashes[i]!;
    ids[p] = owners[i]!;
  }
  // Sorted within each bucket, and without repeats (a string reached by two deletions, as
  // "start" from "starts" twice, is listed once): bucket by bucket, into the same arrays.
  let kept = 0;
  for (let b = 0; b + 1 < starts.length; b++) {
    if (b % PACK_SLICE === PACK_SLICE - 1) yield;
    const from = starts[b]!;
    const to = starts[b + 1]!;
    starts[b] = kept;
    for (let i = from + 1; i < to; i++) {
      const k = keys[i]!;
      const id = ids[i]!;
      let j = i - 1;
      while (j >= from && keys[j]! > k) {
        keys[j + 1] = keys[j]!;
        ids[j + 1] = ids[j]!;
        j--;
      }
      keys[j + 1] = k;
      ids[j + 1] = id;
    }
    for (let i = from; i < to; i++) {
      if (kept > starts[b]! && keys[kept - 1] === keys[i] && ids[kept - 1] === ids[i]) continue;
      keys[kept] = keys[i]!;
      ids[kept++] = ids[i]!;
    }
  }
  starts[starts.length - 1] = kept;
  // Views, not copies: the repeats dropped are a few hundred entries, a copy would be 7 MB more at once.
  return { keys: keys.subarray(0, kept), ids: ids.subarray(0, kept), starts };
}

/** The edit distance of `a` and `b`, or `max + 1` if it is more than `max`. */
function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev = new Uint8Array(n + 1);
  let row = new Uint8Array(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = Math.min(j, max + 1);
  for (let i = 1; i <= a.length; i++) {
    const ch = a.charCodeAt(i - 1);
    row[0] = Math.min(i, max + 1);
    let min = row[0]!;
    for (let j = 1; j <= n; j++) {
      let v = prev[j - 1]! + (ch === b.charCodeAt(j - 1) ? 0 : 1);
      if (prev[j]! + 1 < v) v = prev[j]! + 1;
      if (row[j - 1]! + 1 < v) v = row[j - 1]! + 1;
      row[j] = v > max + 1 ? max + 1 : v;
      if (row[j]! < min) min = row[j]!;
    }
    if (min > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[n]!;
}

/** A field's processed terms in order (empty ones left out), hashed to a signed 32-bit integer (FNV-1a, mixed). */
export function titleHash(terms: readonly string[]): number {
  let h = 0x811c9dc5;
  let first = true;
  for (const t of terms) {
    if (!t) continue;
    if (!first) h = Math.imul(h ^ 0x20, 0x01000193);
    first = false;
    for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
  }
  return mix(h) | 0; // as an Int32Array holds it
}
