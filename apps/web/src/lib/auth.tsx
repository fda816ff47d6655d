import type { AuthUser } from '@app/auth-client';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { authClient } from './auth-client';

interface AuthState {
  user: AuthUser | null;
  ready: boolean;
}

const AuthContext = createContext<AuthState>({ user: null, ready: false });

/** Observes the auth state (uid, displayName, email, emailVerified) for the whole app. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: authClient.currentUser, ready: false });
  useEffect(() => {
    const off = authClient.onAuthStateChanged((user) => setState((s) => ({ ...s, user })));
    authClient
      .refreshSession()
      .catch(() => null)
      .finally(() => setState((s) => ({ ...s, ready: true })));
    return off;
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export const displayNameOf = (u: AuthUser) => u.displayName || u.email;
