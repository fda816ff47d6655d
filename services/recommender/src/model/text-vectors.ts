import type { CatalogMovie } from '@app/catalog';
// The chat's catalog-trained word and film vectors (reflective random indexing over overview,
// tagline, keywords and genres, 128-d; nothing downloaded), reused through the workspace, not copied.
import { SemanticIndex, trainSemantic } from '@app/catalog';
import { ContentModel, sparseOf, SparseScores, type ContentSimilarity } from './content';
import { isDocumentary, SIMILAR } from './similar';
import { topKSparse } from './topk';

/** Share of the catalog vectors in the content score; chosen on cold-start seeds (docs/recommender.md). */
export const VECTOR_SHARE = 0.5;
/** TF-IDF candidates re-scored with the vectors. */
export const RESCORED = 300;

/**
 * TF-IDF finds the candidates (sparse, through its inverted index); each of its best `RESCORED`
 * is re-scored as (1 − share) · TF-IDF + share · cosine of the catalog vectors, each scaled by its
 * best candidate. Dense vectors over every pair of 45k films would cost minutes per build; this
 * costs 300 dot products per film.
 */
export class RescoredContent implements ContentSimilarity {
  private readonly index: SemanticIndex;
  private buf: SparseScores | undefined;
  private scores: SparseScores | undefined;

  constructor(
    private readonly movies: CatalogMovie[],
    private readonly tfidf: ContentSimilarity,
    private readonly share = VECTOR_SHARE,
    index?: SemanticIndex,
  ) {
    this.index = index ?? new SemanticIndex(trainSemantic(movies));
  }

  /** The catalog vectors, to share with another re-scoring over the same films. */
  get vectors(): SemanticIndex {
    return this.index;
  }

  similarities(seed: number, out = new Float64Array(this.movies.length), allowed?: Uint8Array): Float64Array {
    return this.sparse(seed, allowed).copyTo(out);
  }

  sparse(seed: number, allowed?: Uint8Array): SparseScores {
    const n = this.movies.length;
    // The kind rule applies before the best RESCORED are taken, so they are all films that may be shown.
    const a = sparseOf(this.tfidf, seed, allowed, () => (this.buf ??= new SparseScores(n)));
    const top = topKSparse(a.values, a.ids, a.count, RESCORED, seed);
    const out = (this.scores ??= new SparseScores(n));
    out.clear();
    if (!top.length) return out;
    const maxA = a.values[top[0]!]!;
    const id = this.movies[seed]!.id;
    const vec = top.map((j) => Math.max(0, this.index.similarity(id, this.movies[j]!.id)));
    const maxB = Math.max(...vec);
    top.forEach((j, k) => {
      out.values[j] = (1 - this.share) * (a.values[j]! / (maxA || 1)) + this.share * (vec[k]! / (maxB || 1));
      out.ids[k] = j;
    });
    out.count = top.length;
    return out;
  }
}

/**
 * A documentary seed's similarities from a model of documentaries: its words weighed by how rare
 * they are among documentaries, where "documentary", "footage" and "interviews" say nothing and
 * "chess" or "football" say the subject (decision 0055). Other seeds, and a documentary with fewer
 * than `minDocumentaries` documentaries alike at all, from the model of every film.
 */
export class AudienceContent implements ContentSimilarity {
  constructor(
    private readonly movies: CatalogMovie[],
    private readonly all: ContentSimilarity,
    private readonly documentaries: ContentSimilarity,
  ) {}

  similarities(seed: number, out = new Float64Array(this.movies.length), allowed?: Uint8Array): Float64Array {
    return this.sparse(seed, allowed).copyTo(out);
  }

  private buf: SparseScores | undefined;

  sparse(seed: number, allowed?: Uint8Array): SparseScores {
    const buf = () => (this.buf ??= new SparseScores(this.movies.length));
    if (isDocumentary(this.movies[seed]!)) {
      const d = sparseOf(this.documentaries, seed, allowed, buf);
      let alike = 0;
      for (let t = 0; t < d.count && alike < SIMILAR.minDocumentaries; t++)
        if (d.values[d.ids[t]!]! > 0) alike++;
      if (alike >= SIMILAR.minDocumentaries) return d;
    }
    return sparseOf(this.all, seed, allowed, buf);
  }
}

/**
 * The served content similarity: TF-IDF candidates re-scored with the catalog vectors, a
 * documentary seed's from a model of documentaries (`AudienceContent`).
 */
export function servedContent(
  movies: CatalogMovie[],
  isCandidate: (m: CatalogMovie) => boolean,
): ContentSimilarity {
  // The catalog vectors first: their training's buffers are gone before the TF-IDF models are
  // made, so the two never add up in the trainer's peak (decision 0103).
  const vectors = new SemanticIndex(trainSemantic(movies));
  const all = new RescoredContent(movies, new ContentModel(movies, { isCandidate }), VECTOR_SHARE, vectors);
  const documentaries = new RescoredContent(
    movies,
    new ContentModel(movies, {
      isCandidate: (m) => isCandidate(m) && isDocumentary(m),
      within: isDocumentary,
      // The documentaries' model as decision 0055 judged it: one TF-IDF vector, where a subject's
      // rare words lead (by field, the same few well-known documentaries recurred across subjects).
      fields: false,
    }),
    VECTOR_SHARE,
    vectors,
  );
  return new AudienceContent(movies, all, documentaries);
}
