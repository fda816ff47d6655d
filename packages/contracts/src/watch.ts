import { z } from 'zod';
import { isWatchCountry } from './countries';

/**
 * "Where to watch" and trailers (issue 46, decision 0095): live mode only. Offline both routes
 * answer 404 with a message, and the web app does not ask (the sections are absent).
 */

export const WatchCountryCode = z
  .string({ error: 'country must be a two-letter country code' })
  .transform((c) => c.toUpperCase())
  .refine(isWatchCountry, { error: 'country must be a two-letter country code TMDB has watch data for' });

export const WatchQuery = z.object({ country: WatchCountryCode.optional() });
export type WatchQuery = z.infer<typeof WatchQuery>;

export const WatchProvider = z.object({
  id: z.number(),
  name: z.string(),
  /** A TMDB image path, shown through the site's image base like a poster. */
  logo_path: z.string().nullable(),
});
export type WatchProvider = z.infer<typeof WatchProvider>;

/** TMDB asks that its watch data be credited to JustWatch wherever it is shown. */
export const JUSTWATCH_ATTRIBUTION = {
  text: 'Streaming data by JustWatch',
  url: 'https://www.justwatch.com',
} as const;

export const WatchProviders = z
  .object({
    id: z.number(),
    /** The country the answer is for, and how it was chosen. */
    country: z.string(),
    country_from: z.enum(['query', 'settings', 'accept-language', 'default']),
    /** TMDB's watch page for the film in that country (where its offers link to). */
    link: z.string(),
    flatrate: z.array(WatchProvider),
    rent: z.array(WatchProvider),
    buy: z.array(WatchProvider),
    attribution: z.object({ text: z.string(), url: z.string() }),
  })
  .meta({ id: 'WatchProviders' });
export type WatchProviders = z.infer<typeof WatchProviders>;

export const MovieVideo = z.object({
  /** The YouTube video id. */
  key: z.string(),
  name: z.string(),
  type: z.enum(['Trailer', 'Teaser']),
  official: z.boolean(),
});
export type MovieVideo = z.infer<typeof MovieVideo>;

/** YouTube trailers and teasers: official trailers first, then official teasers, then the rest. */
export const MovieVideos = z
  .object({ id: z.number(), results: z.array(MovieVideo) })
  .meta({ id: 'MovieVideos' });
export type MovieVideos = z.infer<typeof MovieVideos>;

export const WATCH_OFFLINE_MESSAGE = 'Where to watch needs live TMDB data';
export const VIDEOS_OFFLINE_MESSAGE = 'Trailers need live TMDB data';
