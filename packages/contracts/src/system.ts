import { z } from 'zod';

export const HealthResponse = z
  .object({ status: z.literal('ok'), uptime_s: z.number() })
  .meta({ id: 'Health' });

export const ConfigResponse = z
  .object({
    images: z.object({
      base_url: z.string().describe('Prefix for image paths: base_url + size + poster_path'),
      fallback_base_url: z
        .string()
        .nullable()
        .describe(
          'Offline mode: the generated art, for paths ending in .svg and for any image the CDN cannot give: fallback_base_url + size + "/poster-{id}.svg" (or backdrop-{id}); null in live mode',
        ),
      cdn_reachable: z
        .boolean()
        .optional()
        .describe(
          'Offline mode with the image CDN on: false when the server could not reach the CDN at its last check (a fully offline install), so the page asks for the generated art directly; absent until the first check',
        ),
      poster_sizes: z.array(z.string()),
      backdrop_sizes: z.array(z.string()),
      profile_sizes: z.array(z.string()),
    }),
    data_mode: z.enum(['offline', 'live']),
    features: z.object({
      google_sign_in: z.boolean(),
      smtp: z.boolean(),
      llm_chat: z.boolean(),
      redis: z.boolean(),
      external_database: z.boolean(),
      recommender: z.boolean(),
    }),
    catalog: z
      .object({ movies: z.number(), reference_date: z.string() })
      .nullable()
      .describe('Offline catalog facts; null in live mode'),
  })
  .meta({ id: 'Config' });
export type ConfigResponse = z.infer<typeof ConfigResponse>;
