import type { AuthUser } from '@app/auth-client/session';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

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
 * main.tsx holds an early click until this (hold-clicks.js).
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
