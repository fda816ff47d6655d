import { LikeCreated, MessageResponse } from '@app/contracts';
import { LIBRARY_MESSAGES } from '@app/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import toast from '../../../lib/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useLikes } from './get-likes';
import { failure, keys, libraryId } from './library-keys';
import { toastWithUndo } from './undo-toast';
import { LIKE } from '../../../lib/messages';

/** Likes a film: 409 (already liked) is success, as the spec says. */
async function likeMovie(tmdbId: number) {
  try {
    await apiFetch('/api/user/likes', {
      method: 'POST',
      body: { tmdb_id: tmdbId },
      ...(import.meta.env.DEV ? { contract: LikeCreated } : {}),
    });
    toast.success(LIKE.liked);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      toast(LIBRARY_MESSAGES.alreadyLiked);
      return;
    }
    throw err;
  }
}

/**
 * Like / unlike with the spec's rules (409 on like is success, unlike needs 'Like removed') for
 * any film: one subscription to the likes and one mutation, however many films a page shows. A
 * page of cards shares one (WithLibraryCardActions): a subscription and a mutation observer for
 * each of a page's sixty cards were most of the work of hydrating it on a phone.
 */
export function useLikeActions() {
  const { user, ready } = useAuth();
  const qc = useQueryClient();
  const likes = useLikes();
  const likedIds = useMemo(() => new Set((likes.data ?? []).map(libraryId)), [likes.data]);
  const mutation = useMutation({
    mutationFn: async ({ tmdbId, like }: { tmdbId: number; like: boolean }) => {
      if (like) {
        await likeMovie(tmdbId);
      } else {
        const res = await apiFetch(`/api/user/likes/${tmdbId}`, {
          method: 'DELETE',
          ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
        });
        if (res?.message !== LIBRARY_MESSAGES.likeRemoved) throw new Error('Unexpected response');
        // Undo likes it again (on a card of /liked the card has gone: no hook of its own is left).
        toastWithUndo(LIKE.unliked, () =>
          likeMovie(tmdbId)
            .catch((err: unknown) => toast.error(failure(err, {}, LIKE.likeFailed)))
            .finally(() => void qc.invalidateQueries({ queryKey: keys.likes })),
        );
      }
    },
    onError: (err, { like }) => {
      toast.error(
        failure(
          err,
          like ? {} : { 404: LIBRARY_MESSAGES.notLiked },
          like ? LIKE.likeFailed : LIKE.unlikeFailed,
        ),
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.likes }),
  });
  const { mutate } = mutation;
  return useMemo(() => {
    const toggle = (tmdbId: number) => {
      const liked = likedIds.has(tmdbId);
      // Until the session is read, we cannot tell a signed-in user from a visitor: wait, do not scold.
      if (!ready) return;
      if (!user) {
        toast.error(liked ? LIKE.loginToUnlike : LIKE.loginToLike);
        return;
      }
      mutate({ tmdbId, like: !liked });
    };
    return { isLiked: (tmdbId: number) => likedIds.has(tmdbId), toggle };
  }, [likedIds, ready, user, mutate]);
}

export type LikeActions = ReturnType<typeof useLikeActions>;

/** One film's like state and toggle, from a page's (or a button's own) like actions. */
export const likeToggleOf = (actions: LikeActions, tmdbId: number) => ({
  liked: actions.isLiked(tmdbId),
  toggle: () => actions.toggle(tmdbId),
});

/** Like / unlike one film (a movie page's button and shortcut). */
export function useLikeToggle(tmdbId: number) {
  return likeToggleOf(useLikeActions(), tmdbId);
}
