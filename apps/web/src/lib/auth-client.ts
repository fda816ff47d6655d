import { AuthClient } from '@app/auth-client';

/** The one auth client of the app (same origin as the API). */
export const authClient = new AuthClient({ baseUrl: '' });
