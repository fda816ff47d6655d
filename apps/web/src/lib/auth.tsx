import type { AuthUser } from '@app/auth-client/session';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { forgetChat } from './forget-chat';

interface AuthState {
  user: AuthUser | null;
  ready: boolean;
}

const AuthContext = createContext<AuthState>({ user: null, ready: false });

// The auth client is not needed to paint the page: it loads beside the first screen's chunks
// (which share it through the API client), and the session is read as soon as it arrives.
const loadAuthClient = () => import('./auth-client').then((m) => m.authSession);

/** Signs out; the provider hears it through the client's observer. */
export const signOut = () => loadAuthClient().then((c) => c.signOut());

let markSessionKnown: () => void = () => undefined;
/**
 * Resolves once the first read of the session has ended (signed in, signed out, or failed): until
 * then a click on Like, a watch button or Add to Playlist cannot tell a member from a visitor, so
 * main.tsx holds an early click until this (boot.js).
 */
export const sessionKnown = new Promise<void>((resolve) => (markSessionKnown = resolve));

/** Observes the auth state (uid, displayName, email, emailVerified) for the whole app. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, ready: false });
  useEffect(() => {
    let live = true;
    let off: (() => void) | undefined;
    loadAuthClient()
      .then((client) => {
        if (!live) return;
        off = client.onAuthStateChanged((user) => setState((s) => ({ ...s, user })));
        return client.refreshSession();
      })
      .catch(() => null)
      .finally(() => {
        if (live) setState((s) => ({ ...s, ready: true }));
        markSessionKnown();
      });
    return () => {
      live = false;
      off?.();
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export const displayNameOf = (u: AuthUser) => u.displayName || u.email;

/**
 * Queries whose answers belong to the signed-in user: every key under 'library' (likes, watch
 * status, playlists, ratings, diary, settings, For You), an import's progress, and lists filtered
 * by what the user has seen ('hide-seen').
 */
export const isUserQuery = (key: readonly unknown[]) =>
  key[0] === 'library' || key[0] === 'import-job' || key.includes('hide-seen');

/**
 * Forgets the user's data when the user signs out (or another user signs in, or the session
 * ends): their rows, lists and counts leave the screen at once instead of staying until a reload,
 * which on a shared computer shows the last user's library to the next person. Inside both the
 * query client's and the auth providers.
 */
export function ForgetUserDataOnSignOut() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const uid = user?.uid ?? null;
    if (last.current !== null && last.current !== uid) {
      // The chat kept for the tab was theirs too.
      forgetChat();
      // After this render's other effects, by which the user's queries are disabled (they run only
      // with a user): reset now, an active one would be fetched again with a token that may still
      // be valid for minutes. A fetch under way is cancelled first, so it cannot write afterwards.
      setTimeout(() => {
        const filters = { predicate: (q: { queryKey: readonly unknown[] }) => isUserQuery(q.queryKey) };
        void qc.cancelQueries(filters).then(() => qc.resetQueries(filters));
      }, 0);
    }
    last.current = uid;
  }, [user, qc]);
  return null;
}
