import type { PublicReview } from '@app/contracts';
import { useState } from 'react';
import { HeartIcon } from '../../../components/ui/media-icons';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import toast from '../../../lib/toast';
import { useReviews, type ReviewSort } from '../api/get-reviews';
import { useLikeReview } from '../api/like-review';
import { failure, SOCIAL_TEXT } from '../messages';
import { PersonLink, shortDate, Stars } from './person';
import { ReportDialog } from './report-dialog';

/** Reviews shown at first, and how many more each "Show more reviews" adds: the page goes on below. */
const FIRST_REVIEWS = 5;
const MORE_REVIEWS = 10;

const SORTS: [ReviewSort, string][] = [
  ['newest', SOCIAL_TEXT.newest],
  ['liked', SOCIAL_TEXT.mostLiked],
];

function Review({
  review,
  onLike,
  onReport,
}: {
  review: PublicReview;
  onLike: (r: PublicReview) => void;
  onReport: (r: PublicReview) => void;
}) {
  return (
    <li className="rounded-2xl bg-zinc-900/60 p-4 ring-1 ring-white/5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PersonLink username={review.username} />
        <Stars rating={review.rating} className="text-sm text-yellow-400" />
        <span className="text-xs text-zinc-400">{shortDate(review.updated_at)}</span>
        {review.own && (
          <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
            {SOCIAL_TEXT.yourReview}
          </span>
        )}
        {review.hidden && (
          <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-300 ring-1 ring-amber-400/30">
            {SOCIAL_TEXT.hiddenAfterReports}
          </span>
        )}
      </div>
      {review.hidden && <p className="mt-2 text-xs text-zinc-400">{SOCIAL_TEXT.hiddenAfterReportsHint}</p>}
      <p className="mt-3 whitespace-pre-line text-sm leading-relaxed text-zinc-200 [overflow-wrap:anywhere]">
        {review.review}
      </p>
      <div className="mt-3 flex items-center gap-2 text-sm">
        <button
          type="button"
          aria-pressed={review.liked}
          aria-label={SOCIAL_TEXT.likeReview(review.username)}
          disabled={review.own}
          onClick={() => onLike(review)}
          className={`flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-white/10 disabled:hover:bg-transparent ${review.liked ? 'text-red-400' : 'text-zinc-300'}`}
        >
          <HeartIcon filled={review.liked} width={16} height={16} />
          <span aria-hidden="true">{review.like_count}</span>
        </button>
        <span className="sr-only">{`${review.like_count} ${review.like_count === 1 ? 'like' : 'likes'}`}</span>
        {!review.own && (
          <button
            type="button"
            onClick={() => onReport(review)}
            className="rounded-lg px-2 py-1 text-zinc-400 hover:bg-white/10 hover:text-zinc-200"
            aria-label={`${SOCIAL_TEXT.report} @${review.username}’s review`}
          >
            {SOCIAL_TEXT.report}
          </button>
        )}
      </div>
    </li>
  );
}

/** The movie page's public reviews, newest or most liked first: like one, report one (it leaves at once). */
export function ReviewsSection({ tmdbId }: { tmdbId: number }) {
  const { user } = useAuth();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [reporting, setReporting] = useState<string | null>(null);
  const [limit, setLimit] = useState(FIRST_REVIEWS);
  const reviews = useReviews(tmdbId, sort);
  const like = useLikeReview(tmdbId);
  const items = reviews.data?.pages.flatMap((p) => p.results) ?? [];
  const onLike = (r: PublicReview) =>
    user
      ? like.mutate({ username: r.username, like: !r.liked, shownIn: sort })
      : toast.error(SOCIAL_TEXT.signInToLike);
  const onReport = (r: PublicReview) =>
    user ? setReporting(r.username) : toast.error(SOCIAL_TEXT.signInToReport);
  let body;
  if (reviews.isPending) body = <Spinner label="Loading reviews" />;
  else if (reviews.isError) body = <p className="text-sm text-red-400">{failure(reviews.error)}</p>;
  else if (items.length === 0) body = <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noReviews}</p>;
  else
    body = (
      <>
        <ul className="max-w-3xl space-y-3">
          {items.slice(0, limit).map((r) => (
            <Review key={r.username} review={r} onLike={onLike} onReport={onReport} />
          ))}
        </ul>
        {(items.length > limit || reviews.hasNextPage) && (
          <button
            type="button"
            disabled={reviews.isFetchingNextPage}
            onClick={() => {
              if (items.length <= limit + MORE_REVIEWS && reviews.hasNextPage) void reviews.fetchNextPage();
              setLimit((n) => n + MORE_REVIEWS);
            }}
            className="mt-3 w-full max-w-3xl rounded-lg py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10"
          >
            {reviews.isFetchingNextPage ? 'Loading…' : SOCIAL_TEXT.moreReviews}
          </button>
        )}
      </>
    );
  return (
    <section aria-labelledby="reviews" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews" className="text-xl font-semibold">
          {SOCIAL_TEXT.reviews}
          {reviews.data && items.length > 0 && (
            <span className="ml-2 text-base font-normal text-zinc-400">
              {reviews.data.pages[0]!.total_results}
            </span>
          )}
        </h2>
        <div
          role="group"
          aria-label="Order reviews by"
          className="flex rounded-lg bg-zinc-900 p-1 ring-1 ring-white/10"
        >
          {SORTS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={sort === value}
              onClick={() => {
                setSort(value);
                setLimit(FIRST_REVIEWS);
              }}
              className={`rounded-md px-3 py-1 text-sm ${sort === value ? 'bg-zinc-700 font-semibold' : 'text-zinc-400 hover:text-zinc-200'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {reviews.data?.pages[0]?.own_removed && (
        <p
          role="status"
          className="mt-4 max-w-3xl rounded-xl bg-amber-500/10 px-4 py-3 text-sm text-amber-200 ring-1 ring-amber-400/30"
        >
          {SOCIAL_TEXT.ownReviewRemoved}
        </p>
      )}
      <div className="mt-4">{body}</div>
      {reporting && <ReportDialog tmdbId={tmdbId} username={reporting} onClose={() => setReporting(null)} />}
    </section>
  );
}
