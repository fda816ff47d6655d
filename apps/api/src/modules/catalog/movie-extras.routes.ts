import {
  countryFromLanguages,
  DEFAULT_WATCH_COUNTRY,
  ErrorBody,
  JUSTWATCH_ATTRIBUTION,
  MovieIdParams,
  MovieVideos,
  VIDEOS_OFFLINE_MESSAGE,
  WATCH_OFFLINE_MESSAGE,
  WatchProviders,
  WatchQuery,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors';
import type { MovieSource } from './movie-source';

/** The signed-in user's chosen country, or null (nobody signed in, no choice, a stale token). */
export type UserCountry = (request: FastifyRequest) => Promise<string | null>;

type CountryChoice = { country: string; from: WatchProviders['country_from'] };

/**
 * Which country "Where to watch" is for (decision 0095): a `country` the caller names, else the
 * signed-in user's setting, else the region of their browser's preferred language, else the US.
 */
export async function chooseCountry(
  request: FastifyRequest,
  query: WatchQuery,
  userCountry: UserCountry,
): Promise<CountryChoice> {
  if (query.country) return { country: query.country, from: 'query' };
  const chosen = await userCountry(request);
  if (chosen) return { country: chosen, from: 'settings' };
  const spoken = countryFromLanguages(request.headers['accept-language']);
  if (spoken) return { country: spoken, from: 'accept-language' };
  return { country: DEFAULT_WATCH_COUNTRY, from: 'default' };
}

const errors = { 400: ErrorBody, 404: ErrorBody, 502: ErrorBody };

/**
 * /api/movies/{id}/watch and /api/movies/{id}/videos (issue 46): TMDB's watch providers and
 * trailers in live mode, cached by the TMDB client (its LRU, and Redis when set). Offline the
 * catalog has neither: 404 with a message, so a page leaves the sections out.
 */
export const movieExtrasRoutes =
  (source: MovieSource, userCountry: UserCountry): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/movies/:id/watch',
      {
        schema: {
          tags: ['movies'],
          summary: 'Where to watch a movie: streaming, rental and purchase offers in a country',
          description:
            'Live TMDB data only (404 offline). The country: `country` if given, else the signed-in ' +
            "user's setting, else Accept-Language's region, else US. Data by JustWatch (credit it).",
          params: MovieIdParams,
          querystring: WatchQuery,
          response: { 200: WatchProviders, ...errors },
        },
      },
      async (req, reply) => {
        if (!source.watchProviders) throw new NotFoundError(WATCH_OFFLINE_MESSAGE);
        const { country, from } = await chooseCountry(req, req.query, userCountry);
        const offers = await source.watchProviders(req.params.id, country);
        // The answer depends on who asks and their languages unless `country` names it.
        if (from !== 'query') reply.header('vary', 'accept-language, authorization');
        return { ...offers, country, country_from: from, attribution: { ...JUSTWATCH_ATTRIBUTION } };
      },
    );

    app.get(
      '/movies/:id/videos',
      {
        schema: {
          tags: ['movies'],
          summary: "A movie's YouTube trailers and teasers, official trailers first",
          description: 'Live TMDB data only (404 offline).',
          params: MovieIdParams,
          response: { 200: MovieVideos, ...errors },
        },
      },
      async (req) => {
        if (!source.videos) throw new NotFoundError(VIDEOS_OFFLINE_MESSAGE);
        return source.videos(req.params.id);
      },
    );
  };
