import type { CatalogMovie } from '@app/catalog';
// The chat's catalog-trained word and film vectors (reflective random indexing over overview,
// tagline, keywords and genres, 128-d; nothing downloaded), reused through the workspace, not copied.
import { SemanticIndex, trainSemantic } from '@app/catalog';
import { ContentModel, type ContentSimilarity } from './content';
import { topK } from './topk';

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
  private readonly buf: Float64Array;

  constructor(
    private readonly movies: CatalogMovie[],
    private readonly tfidf: ContentSimilarity,
    private readonly share = VECTOR_SHARE,
  ) {
    this.index = new SemanticIndex(trainSemantic(movies));
    this.buf = new Float64Array(movies.length);
  }

  similarities(seed: number, out = new Float64Array(this.movies.length), allowed?: Uint8Array): Float64Array {
    // The kind rule applies before the best RESCORED are taken, so they are all films that may be shown.
    this.tfidf.similarities(seed, this.buf, allowed);
    const top = topK(this.buf, RESCORED, seed);
    out.fill(0);
    if (!top.length) return out;
    const maxA = this.buf[top[0]!]!;
    const id = this.movies[seed]!.id;
    const vec = top.map((j) => Math.max(0, this.index.similarity(id, this.movies[j]!.id)));
    const maxB = Math.max(...vec);
    top.forEach((j, k) => {
      out[j] = (1 - this.share) * (this.buf[j]! / (maxA || 1)) + this.share * (vec[k]! / (maxB || 1));
    });
    return out;
  }
}

/** The served content similarity: TF-IDF candidates re-scored with the catalog vectors. */
export function servedContent(
  movies: CatalogMovie[],
  isCandidate: (m: CatalogMovie) => boolean,
): ContentSimilarity {
  return new RescoredContent(movies, new ContentModel(movies, { isCandidate }));
}
