import type { Profile } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DotsIcon } from '../../../components/ui/media-icons';
import { Modal } from '../../../components/ui/modal';
import { useAuth } from '../../../lib/auth';
import toast from '../../../lib/toast';
import { moveMenuFocus, useDropdown } from '../../../lib/use-outside-click';
import { useBlockUser } from '../api/block-user';
import { useFollowUser } from '../api/follow-user';
import { useUnblockUser } from '../api/unblock-user';
import { useUnfollowUser } from '../api/unfollow-user';
import { SOCIAL_TEXT } from '../messages';
import { buttonClass, primaryClass } from '../styles';

/** A confirmation dialog: the question, what follows, Cancel and the action. */
export function Confirm({
  title,
  body,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <p className="text-sm text-zinc-300">{body}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 text-sm hover:bg-zinc-800">
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            onClose();
            onConfirm();
          }}
          className={primaryClass}
        >
          {action}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Follow / Request to follow / Requested / Following, by where the viewer stands. Following and
 * Requested are pressed toggles: pressing one unfollows (a private profile asks first: following
 * it again is a new request) or cancels the request.
 */
export function FollowButton({
  profile,
}: {
  profile: Pick<Profile, 'username' | 'public' | 'relationship'>;
}) {
  const { user } = useAuth();
  const follow = useFollowUser();
  const unfollow = useUnfollowUser();
  const unblock = useUnblockUser();
  const [confirming, setConfirming] = useState(false);
  const { username, relationship: rel } = profile;
  const busy = follow.isPending || unfollow.isPending || unblock.isPending;
  if (rel.is_self)
    return (
      <Link to="/account" className={buttonClass}>
        {SOCIAL_TEXT.editProfile}
      </Link>
    );
  if (rel.blocked)
    return (
      <button type="button" disabled={busy} onClick={() => unblock.mutate(username)} className={buttonClass}>
        {SOCIAL_TEXT.unblock}
      </button>
    );
  if (rel.following === 'none')
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => (user ? follow.mutate(username) : toast.error(SOCIAL_TEXT.signInToFollow))}
        className={primaryClass}
      >
        {profile.public ? SOCIAL_TEXT.follow : SOCIAL_TEXT.requestFollow}
      </button>
    );
  const pending = rel.following === 'pending';
  const stop = () => unfollow.mutate({ username, wasPending: pending, undoable: profile.public });
  return (
    <>
      <button
        type="button"
        aria-pressed="true"
        disabled={busy}
        title={pending ? SOCIAL_TEXT.cancelRequest : SOCIAL_TEXT.unfollow}
        onClick={() => (pending || profile.public ? stop() : setConfirming(true))}
        className={buttonClass}
      >
        {pending ? SOCIAL_TEXT.requested : SOCIAL_TEXT.following}
      </button>
      {confirming && (
        <Confirm
          title={SOCIAL_TEXT.unfollowPrivateTitle(username)}
          body={SOCIAL_TEXT.unfollowPrivateBody}
          action={SOCIAL_TEXT.unfollow}
          onConfirm={stop}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** The ⋯ menu of another person's profile: Block (after a confirmation; Undo in its toast) or Unblock. */
export function ProfileMenu({ profile }: { profile: Pick<Profile, 'username' | 'relationship'> }) {
  const { user } = useAuth();
  const { open, setOpen, ref, close } = useDropdown();
  const [confirming, setConfirming] = useState(false);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const { username, relationship: rel } = profile;
  if (!user || rel.is_self) return null;
  const item = 'block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-800 focus:bg-zinc-800';
  return (
    <div ref={ref} className="relative" onKeyDown={(e) => open && moveMenuFocus(ref.current, e)}>
      <button
        type="button"
        aria-label={SOCIAL_TEXT.moreActions}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded-lg p-2 ring-1 ring-white/15 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-red-500"
      >
        <DotsIcon width={20} height={20} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-2 w-48 rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10"
        >
          {rel.blocked ? (
            <button
              type="button"
              role="menuitem"
              className={item}
              onClick={() => {
                close();
                unblock.mutate(username);
              }}
            >
              {SOCIAL_TEXT.unblock} @{username}
            </button>
          ) : (
            <button
              type="button"
              role="menuitem"
              className={`${item} text-red-300`}
              onClick={() => {
                close();
                setConfirming(true);
              }}
            >
              {SOCIAL_TEXT.block} @{username}
            </button>
          )}
        </div>
      )}
      {confirming && (
        <Confirm
          title={SOCIAL_TEXT.blockTitle(username)}
          body={SOCIAL_TEXT.blockBody}
          action={SOCIAL_TEXT.block}
          onConfirm={() => block.mutate(username)}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
