import { RecommendationList, type Recommendation } from '@app/contracts';
import { NotFoundError, UpstreamError } from '../../lib/errors';

export type { Recommendation };

export interface TrendingFilm {
  tmdbId: number;
  score: number;
  genres: number[];
}

/** The one way the API reaches the recommendation service: short timeout, typed failures. */
export class RecommenderClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 2000,
  ) {}

  async recommend(tmdbId: number, topN: number): Promise<Recommendation[]> {
    const url = new URL('/recommend', this.baseUrl);
    url.searchParams.set('tmdb_id', String(tmdbId));
    url.searchParams.set('top_n', String(topN));
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new UpstreamError('Recommendations are unavailable right now.');
    }
    if (res.status === 404) throw new NotFoundError('No recommendations for this movie');
    if (!res.ok) throw new UpstreamError('Recommendations are unavailable right now.');
    // The service's answer is checked against the contract: a malformed one is an upstream failure.
    const parsed = RecommendationList.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new UpstreamError('Recommendations are unavailable right now.');
    return parsed.data;
  }

  /** "For you"'s popular-lately prior (empty from a model without collaborative data or an older service). */
  async trending(topN: number): Promise<TrendingFilm[]> {
    const url = new URL('/trending', this.baseUrl);
    url.searchParams.set('top_n', String(topN));
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new UpstreamError('Recommendations are unavailable right now.');
    }
    if (res.status === 404) return [];
    if (!res.ok) throw new UpstreamError('Recommendations are unavailable right now.');
    return (await res.json()) as TrendingFilm[];
  }
}
