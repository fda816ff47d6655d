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
const K1 = 1.2;
const B = 0.75;
/** A word more than this share of the films use says nothing about a topic. */
const MAX_SHARE = 0.05;

/** Films read in one task by `TextIndex.build` (about 20 ms here). */
const SLICE = 2000;

/** Each film's weighted terms, gathered film by film before the postings are laid out. */
interface Collected {
  ids: Int32Array;
  lengths: Float32Array;
  lists: Map<string, { films: number[]; tf: number[] }>;
  total: number;
  /** Each word's stem, made once per build (stemming every word again cost ~1 s per 23,000 films). */
  stems: Map<string, string>;
}

const newCollected = (n: number): Collected => ({
  ids: new Int32Array(n),
  lengths: new Float32Array(n),
  lists: new Map(),
  total: 0,
  stems: new Map(),
});

/** Films [from, to) into `c`. */
function collect(movies: readonly CatalogMovie[], from: number, to: number, c: Collected): Collected {
  const terms = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of semanticWords(text)) {
      let w = c.stems.get(word);
      if (w === undefined) c.stems.set(word, (w = stemmer(word)));
      terms.set(w, (terms.get(w) ?? 0) + weight);
    }
  };
  for (let j = from; j < to; j++) {
    const m = movies[j]!;
    c.ids[j] = m.id;
    terms.clear();
    add(m.keywords.join(' '), FIELD_WEIGHTS.keywords);
    add(m.title, FIELD_WEIGHTS.title);
    add(m.tagline ?? '', FIELD_WEIGHTS.tagline);
    add(m.overview ?? '', FIELD_WEIGHTS.overview);
    let len = 0;
    for (const [w, tf] of terms) {
      len += tf;
      let list = c.lists.get(w);
      if (!list) c.lists.set(w, (list = { films: [], tf: [] }));
      list.films.push(j);
      list.tf.push(tf);
    }
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
    const { lists, total } = c;
    this.avg = n ? total / n : 1;
    // Postings in three flat arrays, not two small ones a word (a third of the heap: decision 0102).
    const kept = [...lists].filter(([, l]) => l.films.length <= Math.max(2, n * MAX_SHARE));
    this.starts = new Int32Array(kept.length + 1);
    let size = 0;
    for (const [, l] of kept) size += l.films.length;
    this.films = new Int32Array(size);
    this.tfs = new Float32Array(size);
    let at = 0;
    kept.forEach(([w, l], no) => {
      this.wordNo.set(w, no);
      this.starts[no] = at;
      this.films.set(l.films, at);
      this.tfs.set(l.tf, at);
      at += l.films.length;
    });
    this.starts[kept.length] = at;
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
