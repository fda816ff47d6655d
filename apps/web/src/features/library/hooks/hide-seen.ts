import { UserSettings, type UserSettingsPatch } from '@app/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from '../../../lib/toast';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library-keys';
import { useAuth } from '../../../lib/auth';
import { hideSeenHint as readHint, writeHideSeenHint as writeHint } from './hide-seen-hint';
import { settingNotSaved } from '../../../lib/messages';

/** Marks the query keys of answers filtered by the user's settings (refetched on a library write). */
export const HIDE_SEEN_KEY = 'hide-seen';
const settingsKey = libraryKeys.settings;

export function useSettings() {
  const { user } = useAuth();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () =>
      apiFetch('/api/user/settings', { ...(import.meta.env.DEV ? { contract: UserSettings } : {}) }),
    // Unverified accounts have no library (403), so nothing to hide.
    enabled: !!user?.emailVerified,
    staleTime: 5 * 60_000,
  });
}

/** One listener per query client, however many lists use the hook at once. */
const watchers = new WeakMap<QueryClient, { users: number; stop: () => void }>();

function watchLibraryWrites(qc: QueryClient): () => void {
  let w = watchers.get(qc);
  if (!w) {
    const stop = qc.getMutationCache().subscribe((e) => {
      if (
        e.type === 'updated' &&
        e.action.type === 'success' &&
        e.mutation.options.mutationKey?.[0] !== 'settings'
      )
        void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(HIDE_SEEN_KEY) });
    });
    watchers.set(qc, (w = { users: 0, stop }));
  }
  w.users++;
  return () => {
    if (--w.users === 0) {
      w.stop();
      watchers.delete(qc);
    }
  };
}

/**
 * Whether lists should leave out what the user has seen (`hide`), and whether that is not known
 * yet (`pending`: lists wait). While hiding, every successful library write (a film marked watched,
 * liked, listed...) makes the filtered lists stale, so they come back without it.
 */
export function useHideSeen(): { hide: boolean; pending: boolean } {
  const { user, ready } = useAuth();
  const settings = useSettings();
  const qc = useQueryClient();
  const hint = readHint();
  const signedIn = !!user?.emailVerified;
  const known = settings.data?.hide_watched;
  const hide = signedIn && (known ?? hint);
  const pending = hint && (!ready || (signedIn && settings.isPending));
  useEffect(() => {
    if (known !== undefined) writeHint(known);
    else if (ready && !user) writeHint(false);
  }, [known, ready, user]);
  useEffect(() => (hide ? watchLibraryWrites(qc) : undefined), [hide, qc]);
  return { hide, pending };
}

/** Changes settings at once in the page (optimistic), then on the server; a failure puts them back. */
export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ['settings'],
    // One change after the other: the last one the user made is the one the server keeps.
    scope: { id: 'settings' },
    mutationFn: (patch: UserSettingsPatch) =>
      apiFetch('/api/user/settings', {
        method: 'PATCH',
        body: patch,
        ...(import.meta.env.DEV ? { contract: UserSettings } : {}),
      }),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: settingsKey });
      const before = qc.getQueryData<UserSettings>(settingsKey);
      if (before) qc.setQueryData<UserSettings>(settingsKey, { ...before, ...patch } as UserSettings);
      if (patch.hide_watched !== undefined) writeHint(patch.hide_watched);
      return { before };
    },
    onError: (err, _patch, ctx) => {
      if (ctx?.before) {
        qc.setQueryData(settingsKey, ctx.before);
        writeHint(ctx.before.hide_watched);
      }
      toast.error(settingNotSaved(err.message));
    },
    onSuccess: (saved) => {
      qc.setQueryData(settingsKey, saved);
      // Lists filtered with the previous options are out of date.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(HIDE_SEEN_KEY) });
    },
  });
}

/** The list query string's hide_seen part, and the key part that keeps users' answers apart. */
export const hideParam = (hide: boolean) => (hide ? '&hide_seen=true' : '');
export const hideKey = (hide: boolean) => (hide ? [HIDE_SEEN_KEY] : []);
