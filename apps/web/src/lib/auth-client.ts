import { AuthSession } from '@app/auth-client/session';
import { sendTokensOf } from './api-client';

/**
 * The one session of the app (same origin as the API): who is signed in and the ID token. The
 * sign-in and account flows (`features/auth/api/auth-flows.ts`, on `better-auth/client`) load
 * only with the auth screens and update this session.
 */
export const authSession = new AuthSession({ baseUrl: '' });
sendTokensOf(authSession);
