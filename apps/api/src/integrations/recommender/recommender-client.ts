import { NotFoundError, UpstreamError } from '../../lib/errors';

export interface Recommendation {
  tmdbId: number;
  rating: number;
  score: number;
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
    return (await res.json()) as Recommendation[];
  }
}
