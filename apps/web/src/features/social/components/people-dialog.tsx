import { LockIcon } from './lock-icon';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { usePeople } from '../api/get-people';
import type { PeopleList } from '../api/social-keys';
import { failure, SOCIAL_TEXT } from '../messages';
import { PersonLink } from './person';

/** A profile's followers or following, in a dialog, a page at a time ("Load more"). */
export function PeopleDialog({
  username,
  list,
  onClose,
}: {
  username: string;
  list: PeopleList;
  onClose: () => void;
}) {
  const q = usePeople(username, list);
  const people = q.data?.pages.flatMap((p) => p.results) ?? [];
  const title = `${list === 'followers' ? SOCIAL_TEXT.followers : SOCIAL_TEXT.followingList} · @${username}`;
  let body;
  if (q.isPending) body = <Spinner label={`Loading ${list}`} />;
  else if (q.isError)
    body = (
      <p role="alert" className="text-sm text-red-400">
        {failure(q.error)}
      </p>
    );
  else if (people.length === 0)
    body = (
      <p className="text-sm text-zinc-400">
        {list === 'followers' ? SOCIAL_TEXT.noFollowers : SOCIAL_TEXT.noFollowing}
      </p>
    );
  else
    body = (
      <>
        <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
          {people.map((p) => (
            <li key={p.username} className="flex items-center justify-between gap-2">
              <PersonLink username={p.username} className="flex-1 p-1" onClick={onClose} />
              {!p.public && <LockIcon label={SOCIAL_TEXT.privateProfile} />}
            </li>
          ))}
        </ul>
        {q.hasNextPage && (
          <button
            type="button"
            disabled={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
            className="mt-3 w-full rounded-lg py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10"
          >
            {q.isFetchingNextPage ? 'Loading…' : SOCIAL_TEXT.loadMore}
          </button>
        )}
      </>
    );
  return (
    <Modal title={title} onClose={onClose}>
      {body}
    </Modal>
  );
}
