import type { Recommendation } from '@app/contracts';

/**
 * The recommendation service's neighbours of a film for "like X" (decision 0087): they are the
 * first candidates of the retrieval (`RetrieveInput.neighbours`), ahead of the content similarity,
 * whenever the service answers in time. A turn never waits longer than NEIGHBOUR_TIMEOUT_MS for
 * them and never fails for them: down, slow, unknown film or a model still being prepared all mean
 * `null`, and the retrieval falls back to the catalog's own similarity. A late answer is not lost:
 * the client keeps the list (its LRU), so the next turn about the same film ("another") has it.
 */

/** How long a turn waits for the service (the chat's p95 budget is 300 ms a turn). */
export const NEIGHBOUR_TIMEOUT_MS = 250;
/** How many neighbours are asked for (ranks 0..49). */
export const NEIGHBOUR_COUNT = 50;

/** The one call used: `GET /recommend?tmdb_id&top_n` → [{tmdbId, rating, score}], best first. */
export interface NeighbourSource {
  recommend(tmdbId: number, topN: number): Promise<Recommendation[]>;
}

/** The film's neighbours as id → rank (0 = closest), or null when the service does not answer in time. */
export async function neighboursOf(
  source: NeighbourSource | null,
  tmdbId: number,
  timeoutMs = NEIGHBOUR_TIMEOUT_MS,
): Promise<Map<number, number> | null> {
  if (!source) return null;
  let timer: NodeJS.Timeout | undefined;
  const call = source.recommend(tmdbId, NEIGHBOUR_COUNT).then(
    (recs) => new Map(recs.filter((r) => r.tmdbId !== tmdbId).map((r, i) => [r.tmdbId, i])),
    () => null,
  );
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const found = await Promise.race([call, late]);
    return found?.size ? found : null;
  } finally {
    clearTimeout(timer);
  }
}
