import { z } from 'zod';
import { WatchCountryCode } from './watch';

/**
 * Per-account settings (issue 16, "hide what I've seen"). `hide_watched` is the switch; while it
 * is on, `hide_liked` and `hide_listed` (in the watchlist or a playlist) hide those films too.
 * The two options are kept while the switch is off, so turning it back on restores them.
 */
export const UserSettings = z
  .object({
    hide_watched: z.boolean(),
    hide_liked: z.boolean(),
    hide_listed: z.boolean(),
    /** The country for "Where to watch" (decision 0095); null: from the browser's languages, else US. */
    country: z.string().nullable(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** PATCH /api/user/settings: any of the flags; at least one. */
export const UserSettingsPatch = z
  .strictObject(
    {
      hide_watched: flag('hide_watched'),
      hide_liked: flag('hide_liked'),
      hide_listed: flag('hide_listed'),
      country: WatchCountryCode.nullable().optional(),
    },
    { error: 'Unknown setting' },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to update' });
export type UserSettingsPatch = z.infer<typeof UserSettingsPatch>;

export const DEFAULT_SETTINGS: UserSettings = {
  hide_watched: false,
  hide_liked: false,
  hide_listed: false,
  country: null,
};
