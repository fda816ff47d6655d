import { Spinner } from '../../../components/ui/spinner';
import { useFriendsWhoWatched } from '../api/get-friends-who-watched';
import { failure, SOCIAL_TEXT } from '../messages';
import { PersonLink, Stars } from './person';

/** The movie page's "Friends who watched": the people the user follows who saw it, with their stars. */
export function FriendsWhoWatched({ tmdbId }: { tmdbId: number }) {
  const friends = useFriendsWhoWatched(tmdbId);
  let body;
  if (friends.isPending) body = <Spinner label="Loading friends who watched" className="py-4" />;
  else if (friends.isError) body = <p className="text-sm text-red-400">{failure(friends.error)}</p>;
  else if (friends.data.results.length === 0)
    body = <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noFriendsWatched}</p>;
  else
    body = (
      <ul className="flex flex-wrap gap-x-6 gap-y-3">
        {friends.data.results.map((f) => (
          <li key={f.username} className="flex min-w-0 items-center gap-2">
            <PersonLink username={f.username} />
            {f.rating !== null && <Stars rating={f.rating} className="text-sm text-yellow-400" />}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="friends-watched" className="mt-12">
      <h2 id="friends-watched" className="text-xl font-semibold">
        {SOCIAL_TEXT.friendsWatched}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
