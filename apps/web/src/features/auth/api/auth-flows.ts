import { AuthFlows } from '@app/auth-client';
import { authSession } from '../../../lib/auth-client';

/** The spec's account flows on `better-auth/client`, signing the app's one session in and out. */
export const authFlows = new AuthFlows(authSession);
