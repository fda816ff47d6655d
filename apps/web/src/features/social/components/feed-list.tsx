import type { FeedItem } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorText } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useFeed } from '../api/get-feed';
import { profileUrl } from '../api/social-keys';
import { useLoadMore } from '../hooks/use-load-more';
import { SOCIAL_TEXT } from '../messages';
import { Avatar, Poster, Stars } from './person';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function ago(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return 'just now';
}

const VERBS: Record<FeedItem['kind'], string> = {
  diary: 'watched',
  rating: 'rated',
  review: 'reviewed',
  like: 'liked',
  playlist: 'made a playlist public:',
};

function What({ item }: { item: FeedItem }) {
  if (item.kind === 'playlist' && item.playlist)
    return (
      <Link to={`/p/${encodeURIComponent(item.playlist.slug)}`} className="font-semibold hover:text-red-300">
        {item.playlist.name}
      </Link>
    );
  if (!item.movie) return null;
  return (
    <Link to={`/movie/${item.movie.tmdb_id}`} className="font-semibold hover:text-red-300">
      {item.movie.title}
    </Link>
  );
}

function Entry({ item }: { item: FeedItem }) {
  const showStars = item.rating !== null && item.kind !== 'like';
  let extra: ReactNode = null;
  if (item.kind === 'review' && item.review)
    extra = <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-zinc-300">{item.review}</p>;
  return (
    <li className="flex gap-3 rounded-2xl bg-zinc-900/60 p-4 ring-1 ring-white/5">
      <Link to={profileUrl(item.username)} aria-hidden="true" tabIndex={-1} className="shrink-0">
        <Avatar username={item.username} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="[overflow-wrap:anywhere]">
          <Link to={profileUrl(item.username)} className="font-medium hover:text-red-300">
            @{item.username}
          </Link>{' '}
          <span className="text-zinc-400">
            {item.kind === 'diary' && item.rewatch ? 'rewatched' : VERBS[item.kind]}
          </span>{' '}
          <What item={item} />
          {showStars && <Stars rating={item.rating!} className="ml-2 text-yellow-400" />}
        </p>
        <p className="mt-0.5 text-xs text-zinc-400">
          <time dateTime={item.at}>{ago(item.at)}</time>
          {item.kind === 'playlist' && item.playlist ? ` · ${item.playlist.movie_count} films` : ''}
        </p>
        {extra}
      </div>
      {item.movie && <Poster movie={item.movie} className="w-12" decorative />}
    </li>
  );
}

/** The signed-in user's activity feed: newest first, more as they scroll (or press Load more). */
export function FeedList() {
  const feed = useFeed();
  const more = useLoadMore(() => {
    if (!feed.isFetchingNextPage) void feed.fetchNextPage();
  }, !!feed.hasNextPage);
  if (feed.isPending) return <Spinner label="Loading your feed" />;
  if (feed.isError) return <ErrorText error={feed.error} onRetry={() => void feed.refetch()} />;
  const items = feed.data.pages.flatMap((p) => p.results);
  if (items.length === 0)
    return (
      <EmptyState title={SOCIAL_TEXT.feedEmptyTitle}>
        <p>{SOCIAL_TEXT.feedEmptyBody}</p>
      </EmptyState>
    );
  return (
    <div>
      <ul className="space-y-3" aria-label="Activity">
        {items.map((item) => (
          <Entry key={item.id} item={item} />
        ))}
      </ul>
      {feed.hasNextPage ? (
        <button
          ref={more}
          type="button"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
          className="mt-4 w-full rounded-lg py-2.5 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10"
        >
          {feed.isFetchingNextPage ? 'Loading…' : SOCIAL_TEXT.loadMore}
        </button>
      ) : (
        <p className="mt-4 text-center text-sm text-zinc-400">{SOCIAL_TEXT.feedEnd}</p>
      )}
    </div>
  );
}
