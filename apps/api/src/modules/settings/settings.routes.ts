import { ErrorBody, UserSettings, UserSettingsPatch } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import type { HiddenMovies } from '../catalog/catalog.routes';
import type { UserCountry } from '../catalog/movie-extras.routes';
import type { SettingsService } from './settings.service';

const auth = { 401: ErrorBody, 403: ErrorBody };
const security = [{ bearerAuth: [] }];

/** /api/user/settings: the signed-in, verified user's settings ("hide what I've seen"). */
export const settingsRoutes =
  (
    service: SettingsService,
    verifier: TokenVerifier,
    accountExists: (uid: string) => Promise<boolean>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireVerifiedUser(verifier, accountExists));
    const tags = ['settings'];
    app.get(
      '/settings',
      {
        schema: {
          tags,
          security,
          summary: "The user's settings (defaults until one is changed)",
          response: { 200: UserSettings, ...auth },
        },
      },
      async (req) => service.settings(currentUser(req).uid),
    );
    app.patch(
      '/settings',
      {
        schema: {
          tags,
          security,
          summary: 'Change some of the settings; answers all of them',
          description:
            'hide_watched is the "hide what I\'ve seen" switch; while it is on, hide_liked and hide_listed ' +
            '(watchlist and playlists) hide those films too. Lists asked with hide_seen=true leave them out. ' +
            'country (a code TMDB has watch data for, or null) is where "Where to watch" looks.',
          body: UserSettingsPatch,
          response: { 200: UserSettings, 400: ErrorBody, ...auth },
        },
      },
      async (req) => service.update(currentUser(req).uid, req.body),
    );
  };

/** What a catalog or recommendation request with hide_seen=true leaves out: the token's user's hidden films. */
export function hiddenMoviesOf(
  service: SettingsService,
  verifier: TokenVerifier,
  accountExists: (uid: string) => Promise<boolean>,
): HiddenMovies {
  const guard = requireVerifiedUser(verifier, accountExists);
  return async (request) => {
    await guard(request);
    return service.hiddenIds(currentUser(request).uid);
  };
}

/**
 * The country a request's signed-in user chose for "Where to watch" (decision 0095): null without
 * a token, with one that does not pass the guard (the section is public: it falls back rather
 * than answering 401), or when they have not chosen one.
 */
export function countryOf(
  service: SettingsService,
  verifier: TokenVerifier,
  accountExists: (uid: string) => Promise<boolean>,
): UserCountry {
  const guard = requireVerifiedUser(verifier, accountExists);
  return async (request) => {
    if (!request.headers.authorization) return null;
    try {
      await guard(request);
    } catch {
      return null;
    }
    return (await service.settings(currentUser(request).uid)).country;
  };
}
