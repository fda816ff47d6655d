import { semanticWords, type CatalogMovie } from '@app/catalog';
import { stemmer } from 'stemmer';

/**
 * Decision 0102 (round 2): the catalog's own text as topic evidence. A request's content words
 * that no clause read ("a lighthouse keeper", "a crew pulling off one last job") find the films
 * whose keywords, title, tagline and overview use them, scored by BM25F: each field's term counts
 * weighted (keywords and title count more than a summary's passing word), one saturation and
 * length normalisation over the weighted document (k1 1.2, b 0.75, as Robertson and Zaragoza
 * give them), idf by the films that use the word. Words are read as the semantic vectors read them
 * (`semanticWords`: accents folded, stop words out, a plural's "s" dropped) and then stemmed by
 * Porter's algorithm (the `stemmer` package), so a message's word and a film's meet in any of their
 * forms: "survive" finds "survival", "stranded" finds "strand" (decision 0127). Built once per
 * catalog beside the other indexes, as postings in typed arrays (a hand-written index, not
 * MiniSearch: its title index alone was 46 MB of heap, decision 0021).
 */
export const FIELD_WEIGHTS = { keywords: 2, title: 2, tagline: 1, overview: 1 } as const;

/** The text of each field the index reads, with its weight. */
const fieldsOf = (m: CatalogMovie): [string, number][] => [
  [m.keywords.join(' '), FIELD_WEIGHTS.keywords],
  [m.title, FIELD_WEIGHTS.title],
  [m.tagline ?? '', FIELD_WEIGHTS.tagline],
  [m.overview ?? '', FIELD_WEIGHTS.overview],
];
const K1 = 1.2;
const B = 0.75;
/** A word more than this share of the films use says nothing about a topic. */
const MAX_SHARE = 0.05;

/** Films read in one task by `TextIndex.build` (about 20 ms here). */
const SLICE = 2000;

/**
 * Each film's weighted terms, gathered film by film before the postings are laid out: a forward
 * index in typed arrays (a word's number and its weighted count, 8 bytes a term), inverted once at
 * the end. Per-word JS arrays, as before, held 16-24 bytes a posting and their garbage as they grew:
 * at a million films the build took the API's memory up by 1.4 GB for a 231 MB index.
 */
interface Collected {
  ids: Int32Array;
  lengths: Float32Array;
  total: number;
  /** Each word's stem, made once per build (stemming every word again cost ~1 s per 23,000 films). */
  stems: Map<string, string>;
  /** Each stem's number, in the order first met. */
  words: Map<string, number>;
  /** How many films use each word, by its number. */
  df: Int32Array;
  /** Film j's terms are at [filmStarts[j], filmStarts[j + 1]) of `termWords` and `termTfs`. */
  filmStarts: Int32Array;
  termWords: Int32Array;
  termTfs: Float32Array;
  size: number;
}

const newCollected = (n: number): Collected => ({
  ids: new Int32Array(n),
  lengths: new Float32Array(n),
  total: 0,
  stems: new Map(),
  words: new Map(),
  df: new Int32Array(1024),
  filmStarts: new Int32Array(n + 1),
  termWords: new Int32Array(Math.max(1024, n * 16)),
  termTfs: new Float32Array(Math.max(1024, n * 16)),
  size: 0,
});

/** `a` with room for at least `need` entries (half as much again when it grows). */
function withRoom<T extends Int32Array | Float32Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const bigger = new (a.constructor as new (n: number) => T)(Math.max(need, Math.ceil(a.length * 1.5)));
  bigger.set(a);
  return bigger;
}

/** Films [from, to) into `c`. */
function collect(movies: readonly CatalogMovie[], from: number, to: number, c: Collected): Collected {
  const terms = new Map<number, number>();
  const add = (text: string, weight: number) => {
    for (const word of semanticWords(text)) {
      let w = c.stems.get(word);
      if (w === undefined) c.stems.set(word, (w = stemmer(word)));
      let no = c.words.get(w);
      if (no === undefined) c.words.set(w, (no = c.words.size));
      terms.set(no, (terms.get(no) ?? 0) + weight);
    }
  };
  for (let j = from; j < to; j++) {
    const m = movies[j]!;
    c.ids[j] = m.id;
    terms.clear();
    for (const [text, weight] of fieldsOf(m)) add(text, weight);
    c.termWords = withRoom(c.termWords, c.size + terms.size);
    c.termTfs = withRoom(c.termTfs, c.size + terms.size);
    c.df = withRoom(c.df, c.words.size);
    let len = 0;
    for (const [no, tf] of terms) {
      len += tf;
      c.termWords[c.size] = no;
      c.termTfs[c.size++] = tf;
      c.df[no]!++;
    }
    c.filmStarts[j + 1] = c.size;
    c.lengths[j] = len;
    c.total += len;
  }
  return c;
}

export class TextIndex {
  /** A kept word's number: its postings are films[starts[no]..starts[no + 1]) with their tf. */
  private readonly wordNo = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly films: Int32Array;
  private readonly tfs: Float32Array;
  private readonly lengths: Float32Array;
  private readonly ids: Int32Array;
  private readonly avg: number;

  /**
   * Built in one task (tests, a first message that finds none); `TextIndex.build` makes the same
   * index in slices, so a server answering requests is never held for the whole catalog.
   */
  constructor(movies: readonly CatalogMovie[], collected?: Collected) {
    const c = collected ?? collect(movies, 0, movies.length, newCollected(movies.length));
    const n = movies.length;
    this.ids = c.ids;
    this.lengths = c.lengths;
    this.avg = n ? c.total / n : 1;
    // Postings in three flat arrays, not two small ones a word (a third of the heap: decision 0102),
    // a word's in the order of its films; a word too common to say anything is left out.
    const most = Math.max(2, n * MAX_SHARE);
    const kept = new Int32Array(c.words.size).fill(-1);
    const counts: number[] = [];
    for (const [w, no] of c.words) {
      if (c.df[no]! > most) continue;
      kept[no] = counts.length;
      this.wordNo.set(w, counts.length);
      counts.push(c.df[no]!);
    }
    this.starts = new Int32Array(counts.length + 1);
    for (let k = 0; k < counts.length; k++) this.starts[k + 1] = this.starts[k]! + counts[k]!;
    const size = this.starts[counts.length]!;
    this.films = new Int32Array(size);
    this.tfs = new Float32Array(size);
    const next = this.starts.slice(0, counts.length);
    for (let j = 0; j < n; j++) {
      for (let t = c.filmStarts[j]!; t < c.filmStarts[j + 1]!; t++) {
        const k = kept[c.termWords[t]!]!;
        if (k < 0) continue;
        this.films[next[k]!] = j;
        this.tfs[next[k]!++] = c.termTfs[t]!;
      }
    }
  }

  /** The same index, its films read SLICE at a time with a turn of the event loop between. */
  static async build(movies: readonly CatalogMovie[]): Promise<TextIndex> {
    const c = newCollected(movies.length);
    for (let from = 0; from < movies.length; from += SLICE) {
      collect(movies, from, Math.min(movies.length, from + SLICE), c);
      await new Promise((r) => setImmediate(r));
    }
    return new TextIndex(movies, c);
  }

  /** How many films use a (read) word; 0 for a word too common to say anything. */
  filmsWith(word: string): number {
    const no = this.wordNo.get(word);
    return no === undefined ? 0 : this.starts[no + 1]! - this.starts[no]!;
  }

  /** The words the index reads of a film, as `words` gives them (decision 0159: what an intro may claim). */
  static filmWords(m: CatalogMovie): Set<string> {
    return new Set(fieldsOf(m).flatMap(([text]) => TextIndex.words(text)));
  }

  /** A message's words as the index reads them (stop words out, each word's stem). */
  static words(text: string): string[] {
    return semanticWords(text).map(stemmer);
  }

  /**
   * BM25F score of every film that uses one of the words (film id → score). Each word counts once
   * however often it is typed.
   */
  search(words: readonly string[]): Map<number, number> {
    const out = new Map<number, number>();
    const n = this.ids.length;
    for (const w of new Set(words)) {
      const no = this.wordNo.get(w);
      if (no === undefined) continue;
      const from = this.starts[no]!;
      const to = this.starts[no + 1]!;
      const df = to - from;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = from; i < to; i++) {
        const j = this.films[i]!;
        const tf = this.tfs[i]!;
        const norm = tf + K1 * (1 - B + (B * this.lengths[j]!) / this.avg);
        const id = this.ids[j]!;
        out.set(id, (out.get(id) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return out;
  }
}
