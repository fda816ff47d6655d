import { GENRE_NAMES } from './genres';
import type { CatalogMovie } from './types';

/**
 * Semantic vectors for movies and messages, trained from the catalog itself when first needed
 * (nothing is downloaded): reflective random indexing over each film's overview, tagline,
 * keywords and genres. Every word gets a fixed random sparse "index" vector; a film's first vector
 * sums its words' index vectors (tf-idf weighted); a word's meaning vector sums the vectors of the
 * films that use it, so words that share films ("railway", "train", "station") end up close; a
 * film's final vector sums its words' meaning vectors. A message's vector sums its words' meaning
 * vectors, and cosine similarity ranks films. Vectors are Int8 (128 dimensions).
 */
export const DIM = 128;
const NONZEROS = 8;

const STOP = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves film films movie movies story one two new also when life world man woman
  find must get gets take takes make makes way years year time back becomes become begins lives young old first last
  after help helps tries goes comes another whose while even still around three together soon discover discovers
  something anything someone everything`.split(/\s+/),
);

/** Lower case, accents folded, plural "s" dropped: the same words for the catalog and for messages. */
export function semanticWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map(stem);
}

const stem = (w: string) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** A small seeded PRNG, so the vectors are the same on every start. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normalizeInto(v: Float32Array, off: number) {
  let n = 0;
  for (let k = 0; k < DIM; k++) n += v[off + k]! * v[off + k]!;
  n = Math.sqrt(n) || 1;
  for (let k = 0; k < DIM; k++) v[off + k]! /= n;
}

function quantize(v: Float32Array): Int8Array {
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = Math.max(-127, Math.min(127, Math.round(v[i]! * 127 * 2.5)));
  return out;
}

export interface SemanticParts {
  words: string[];
  idf: Float32Array;
  wordVectors: Int8Array;
  ids: Int32Array;
  movieVectors: Int8Array;
}

/**
 * Trains the vectors from the films' texts (a second or two on the full catalog). Each film's
 * words are read once and kept only as (word number, count) pairs, 5 bytes each, and a film's first
 * and final vectors are made one film at a time (the final one quantized at once): at a million
 * films the kept word lists, the films × words matrix of doubles and two float vectors a film were
 * gigabytes (issue 45, decision 0103). The vectors are the same to the bit as before.
 */
export function trainSemantic(movies: readonly CatalogMovie[]): SemanticParts {
  // Every word gets a number when first seen (the order the document frequencies were counted in).
  const wordNo = new Map<string, number>();
  const df: number[] = [];
  const n = movies.length;
  const rowStart = new Int32Array(n + 1);
  let words = new Int32Array(1 << 16);
  let tfs = new Uint8Array(1 << 16);
  let nnz = 0;
  const terms = new Map<number, number>();
  movies.forEach((m, j) => {
    rowStart[j] = nnz;
    terms.clear();
    const text = [
      ...semanticWords(`${m.overview} ${m.tagline}`),
      ...m.keywords.flatMap((k) => semanticWords(k)).flatMap((w) => [w, w]),
      ...m.genre_ids.flatMap((g) => semanticWords(GENRE_NAMES.get(g) ?? '')),
    ];
    for (const w of text) {
      let no = wordNo.get(w);
      if (no === undefined) {
        wordNo.set(w, (no = df.length));
        df.push(0);
      }
      terms.set(no, (terms.get(no) ?? 0) + 1);
    }
    if (nnz + terms.size > words.length) {
      const grow = Math.max(words.length * 2, nnz + terms.size);
      const w2 = new Int32Array(grow);
      w2.set(words);
      words = w2;
      const t2 = new Uint8Array(grow);
      t2.set(tfs);
      tfs = t2;
    }
    for (const [no, tf] of terms) {
      df[no]!++;
      words[nnz] = no;
      tfs[nnz++] = Math.min(255, tf);
    }
  });
  rowStart[n] = nnz;
  const wordIndex = new Map<string, number>();
  const indexOfNo = new Int32Array(df.length).fill(-1);
  for (const [w, no] of wordNo)
    if (df[no]! >= 3 && df[no]! <= n * 0.15) {
      indexOfNo[no] = wordIndex.size;
      wordIndex.set(w, wordIndex.size);
    }
  wordNo.clear();
  const V = wordIndex.size;
  const idf = new Float32Array(V);
  for (let no = 0; no < df.length; no++) if (indexOfNo[no]! >= 0) idf[indexOfNo[no]!] = Math.log(n / df[no]!);
  // One film's row of the films × words matrix: term index and tf-idf weight (as float32).
  let col = new Int32Array(256);
  let val = new Float32Array(256);
  const rowOf = (j: number): number => {
    const from = rowStart[j]!;
    const to = rowStart[j + 1]!;
    if (to - from > col.length) {
      col = new Int32Array((to - from) * 2);
      val = new Float32Array((to - from) * 2);
    }
    let p = 0;
    for (let r = from; r < to; r++) {
      const i = indexOfNo[words[r]!]!;
      if (i < 0) continue;
      col[p] = i;
      val[p++] = (1 + Math.log(tfs[r]!)) * idf[i]!;
    }
    return p;
  };

  // 1. Random sparse index vectors (positions and signs) per word.
  const rand = mulberry32(20170801);
  const idxPos = new Uint8Array(V * NONZEROS);
  const idxSign = new Int8Array(V * NONZEROS);
  for (let i = 0; i < V * NONZEROS; i++) {
    idxPos[i] = Math.floor(rand() * DIM);
    idxSign[i] = rand() < 0.5 ? -1 : 1;
  }
  // 2. Each film's first vector, then 3. added to its words' meaning vectors.
  const wv = new Float32Array(V * DIM);
  const first = new Float32Array(DIM);
  for (let j = 0; j < n; j++) {
    const len = rowOf(j);
    first.fill(0);
    for (let p = 0; p < len; p++) {
      const i = col[p]!;
      const w = val[p]!;
      for (let k = 0; k < NONZEROS; k++) first[idxPos[i * NONZEROS + k]!]! += w * idxSign[i * NONZEROS + k]!;
    }
    normalizeInto(first, 0);
    for (let p = 0; p < len; p++) {
      const wo = col[p]! * DIM;
      const w = val[p]!;
      for (let k = 0; k < DIM; k++) wv[wo + k]! += w * first[k]!;
    }
  }
  for (let i = 0; i < V; i++) normalizeInto(wv, i * DIM);
  // 4. Final film vectors from their words' meanings, quantized as they are made.
  const mv = new Int8Array(n * DIM);
  const row = new Float32Array(DIM);
  for (let j = 0; j < n; j++) {
    const len = rowOf(j);
    row.fill(0);
    for (let p = 0; p < len; p++) {
      const wo = col[p]! * DIM;
      const w = val[p]!;
      for (let k = 0; k < DIM; k++) row[k]! += w * wv[wo + k]!;
    }
    normalizeInto(row, 0);
    mv.set(quantize(row), j * DIM);
  }
  return {
    words: [...wordIndex.keys()],
    idf,
    wordVectors: quantize(wv),
    ids: Int32Array.from(movies.map((m) => m.id)),
    movieVectors: mv,
  };
}

/** The trained vectors as one buffer (a JSON header line, then the arrays), for a cache file. */
export function serializeSemantic(p: SemanticParts, tag: string): Buffer {
  const header = JSON.stringify({ tag, dim: DIM, words: p.words, movies: p.ids.length });
  return Buffer.concat([
    Buffer.from(`${header}\n`),
    Buffer.from(p.idf.buffer, p.idf.byteOffset, p.idf.byteLength),
    Buffer.from(p.ids.buffer, p.ids.byteOffset, p.ids.byteLength),
    Buffer.from(p.wordVectors.buffer, p.wordVectors.byteOffset, p.wordVectors.byteLength),
    Buffer.from(p.movieVectors.buffer, p.movieVectors.byteOffset, p.movieVectors.byteLength),
  ]);
}

/** Reads a cache file written by serializeSemantic; null when it is for another catalog or malformed. */
export function deserializeSemantic(buf: Buffer, tag: string): SemanticParts | null {
  try {
    const nl = buf.indexOf(10);
    const header = JSON.parse(buf.subarray(0, nl).toString('utf8')) as {
      tag: string;
      dim: number;
      words: string[];
      movies: number;
    };
    if (header.tag !== tag || header.dim !== DIM) return null;
    const V = header.words.length;
    const n = header.movies;
    let off = nl + 1;
    const take = (bytes: number) => {
      const b = new Uint8Array(bytes);
      b.set(buf.subarray(off, off + bytes));
      off += bytes;
      return b.buffer;
    };
    const idf = new Float32Array(take(V * 4));
    const ids = new Int32Array(take(n * 4));
    const wordVectors = new Int8Array(take(V * DIM));
    const movieVectors = new Int8Array(take(n * DIM));
    if (off !== buf.length) return null;
    return { words: header.words, idf, ids, wordVectors, movieVectors };
  } catch {
    return null;
  }
}

export class SemanticIndex {
  private readonly wordIndex = new Map<string, number>();
  private readonly idf: Float32Array;
  private readonly wordVectors: Int8Array;
  private readonly movieVectors: Int8Array;
  private readonly norms: Float32Array;
  private readonly row = new Map<number, number>();
  readonly movies: number;
  readonly words: number;

  constructor(parts: SemanticParts) {
    parts.words.forEach((w, i) => this.wordIndex.set(w, i));
    parts.ids.forEach((id, j) => this.row.set(id, j));
    this.idf = parts.idf;
    this.wordVectors = parts.wordVectors;
    this.movieVectors = parts.movieVectors;
    this.movies = parts.ids.length;
    this.words = parts.words.length;
    this.norms = new Float32Array(this.movies);
    for (let j = 0; j < this.movies; j++) {
      let s = 0;
      for (let k = 0; k < DIM; k++) s += this.movieVectors[j * DIM + k]! ** 2;
      this.norms[j] = Math.sqrt(s) || 1;
    }
  }

  /** Bytes held by the vectors and the vocabulary's idf. */
  get bytes(): number {
    return (
      this.wordVectors.byteLength + this.movieVectors.byteLength + this.idf.byteLength + this.norms.byteLength
    );
  }

  knows(word: string): boolean {
    const w = semanticWords(word)[0];
    return w !== undefined && this.wordIndex.has(w);
  }

  /** A message's vector (null when none of its words is known). */
  embed(words: readonly string[]): Float32Array | null {
    const v = new Float32Array(DIM);
    let any = false;
    for (const w of words.flatMap((x) => semanticWords(x))) {
      const i = this.wordIndex.get(w);
      if (i === undefined) continue;
      any = true;
      const idf = this.idf[i]!;
      for (let k = 0; k < DIM; k++) v[k]! += idf * this.wordVectors[i * DIM + k]!;
    }
    if (!any) return null;
    normalizeInto(v, 0);
    return v;
  }

  /** Cosine similarity (about −1..1) between a message vector and a film. */
  score(v: Float32Array, movieId: number): number {
    const j = this.row.get(movieId);
    if (j === undefined) return 0;
    const off = j * DIM;
    let s = 0;
    for (let k = 0; k < DIM; k++) s += v[k]! * this.movieVectors[off + k]!;
    return s / this.norms[j]!;
  }

  /** The films' rows in the vectors (-1 for a film without one), for the scores of many at once. */
  rowsOf(ids: Iterable<number>): Int32Array {
    return Int32Array.from(ids, (id) => this.row.get(id) ?? -1);
  }

  /** `score(v, id)` of every film of `rows` at once (the same figures; 0 for a film without a row). */
  scoresAt(v: Float32Array, rows: Int32Array): Float64Array {
    const out = new Float64Array(rows.length);
    const mv = this.movieVectors;
    for (let i = 0; i < rows.length; i++) {
      const j = rows[i]!;
      if (j < 0) continue;
      const off = j * DIM;
      let s = 0;
      for (let k = 0; k < DIM; k++) s += v[k]! * mv[off + k]!;
      out[i] = s / this.norms[j]!;
    }
    return out;
  }

  /** `similarity(a, id)` of every film of `rows` at once (the same figures; 0 for a film without a row). */
  similaritiesAt(a: number, rows: Int32Array): Float64Array {
    const out = new Float64Array(rows.length);
    const ja = this.row.get(a);
    if (ja === undefined) return out;
    const mv = this.movieVectors;
    for (let i = 0; i < rows.length; i++) {
      const jb = rows[i]!;
      if (jb < 0) continue;
      let s = 0;
      for (let k = 0; k < DIM; k++) s += mv[ja * DIM + k]! * mv[jb * DIM + k]!;
      out[i] = s / (this.norms[ja]! * this.norms[jb]!);
    }
    return out;
  }

  /** The mean direction of some films (null when none has a vector): what a list of picks is about. */
  centroid(ids: readonly number[]): Float32Array | null {
    const v = new Float32Array(DIM);
    let any = false;
    for (const id of ids) {
      const j = this.row.get(id);
      if (j === undefined) continue;
      any = true;
      for (let k = 0; k < DIM; k++) v[k]! += this.movieVectors[j * DIM + k]! / this.norms[j]!;
    }
    if (!any) return null;
    normalizeInto(v, 0);
    return v;
  }

  /** Cosine similarity between two films. */
  similarity(a: number, b: number): number {
    const ja = this.row.get(a);
    const jb = this.row.get(b);
    if (ja === undefined || jb === undefined) return 0;
    let s = 0;
    for (let k = 0; k < DIM; k++) s += this.movieVectors[ja * DIM + k]! * this.movieVectors[jb * DIM + k]!;
    return s / (this.norms[ja]! * this.norms[jb]!);
  }
}
