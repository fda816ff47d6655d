import type { PublicReview, ReviewPage } from '@app/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socialKeys } from './social-keys';

type Pages = InfiniteData<ReviewPage, number>;

/**
 * Changes one person's review of a film in every cached order of its reviews (newest, most liked):
 * `change` returns the review as it now is, or null to take it out (a reported review).
 */
export function updateCachedReview(
  qc: QueryClient,
  tmdbId: number,
  username: string,
  change: (r: PublicReview) => PublicReview | null,
) {
  qc.setQueriesData<Pages>({ queryKey: socialKeys.reviews(tmdbId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            results: p.results.flatMap((r) => {
              if (r.username !== username) return [r];
              const next = change(r);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}
