import type { CatalogMovie } from '@app/catalog';
// The chat's catalog-trained word and film vectors (reflective random indexing over overview,
// tagline, keywords and genres, 128-d; nothing downloaded), reused through the workspace, not copied.
import { SemanticIndex, trainSemantic } from '@app/catalog';
import { ContentModel, type ContentSimilarity } from './content';
import { isDocumentary, SIMILAR } from './similar';
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
    index?: SemanticIndex,
  ) {
    this.index = index ?? new SemanticIndex(trainSemantic(movies));
    this.buf = new Float64Array(movies.length);
  }

  /** The catalog vectors, to share with another re-scoring over the same films. */
  get vectors(): SemanticIndex {
    return this.index;
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
    if (isDocumentary(this.movies[seed]!)) {
      this.documentaries.similarities(seed, out, allowed);
      let alike = 0;
      for (let j = 0; j < out.length && alike < SIMILAR.minDocumentaries; j++) if (out[j]! > 0) alike++;
      if (alike >= SIMILAR.minDocumentaries) return out;
    }
    return this.all.similarities(seed, out, allowed);
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
  const all = new RescoredContent(movies, new ContentModel(movies, { isCandidate }));
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
    all.vectors,
  );
  return new AudienceContent(movies, all, documentaries);
}
