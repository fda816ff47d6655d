import { z } from 'zod';
import { PositiveIntId } from './common';
import {
  REPORT_REASONS,
  RESERVED_USERNAMES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './social-rules';

export * from './social-rules';

/**
 * Issue 46, film lovers together: usernames and profiles, following, blocks, an activity feed,
 * public reviews on the movie page (decision 0093). Every route answers errors as `{message}`.
 *
 * Routes (all under /api; "signed in" = a verified user's bearer token, else 401/403):
 *   GET    /user/profile                                  signed in  200 ProfileSettings
 *   PATCH  /user/profile                                  signed in  200 ProfileSettings · 400 bad/reserved username,
 *                                                                    unknown favourite · 409 username taken
 *   GET    /user/follow-requests                          signed in  200 FollowRequestList (pending, newest first)
 *   POST   /user/follow-requests/{username}/accept        signed in  200 FollowState · 404 no such request
 *   POST   /user/follow-requests/{username}/decline       signed in  200 FollowState · 404 no such request
 *   GET    /user/blocks                                   signed in  200 PersonList
 *   GET    /profiles?q=prefix                             optional   200 PersonList (usernames only; 1–30 chars)
 *   GET    /profiles/{username}                           optional   200 Profile · 404 absent, or you are blocked by
 *                                                                    them. A private profile not followed by you:
 *                                                                    `visible: false` and no contents (all null)
 *   GET    /profiles/{username}/followers?cursor=         optional   200 PersonPage · 403 private · 404
 *   GET    /profiles/{username}/following?cursor=         optional   200 PersonPage · 403 private · 404
 *   POST   /profiles/{username}/follow                    signed in  200 FollowState ('accepted' for a public
 *                                                                    profile, 'pending' for a private one) · 400 self
 *                                                                    · 404 · 409 you blocked them, or you have no
 *                                                                    username yet (code USERNAME_REQUIRED) · 429
 *   DELETE /profiles/{username}/follow                    signed in  200 FollowState ('none'; also cancels a request)
 *                                                                    · 404 · 429
 *   DELETE /profiles/{username}/follower                  signed in  200 FollowState (removes them as your
 *                                                                    follower) · 404
 *   PUT    /profiles/{username}/block                     signed in  200 Relationship (follows both ways removed)
 *                                                                    · 400 self · 404
 *   DELETE /profiles/{username}/block                     signed in  200 Relationship · 404
 *   GET    /feed?cursor=                                  signed in  200 FeedPage (newest first, 20 a page)
 *   GET    /movies/{tmdb_id}/friends                      signed in  200 FriendsWhoWatched
 *   GET    /movies/{tmdb_id}/reviews?sort=newest|liked&page=  optional 200 ReviewPage (20 a page)
 *   PUT    /movies/{tmdb_id}/reviews/{username}/like      signed in  200 ReviewLikeState · 400 own review · 404 · 429
 *   DELETE /movies/{tmdb_id}/reviews/{username}/like      signed in  200 ReviewLikeState · 404 · 429
 *   POST   /movies/{tmdb_id}/reviews/{username}/report    signed in  200 MessageResponse (hidden from you at once;
 *                                                                    from everyone after REVIEW_HIDE_REPORTS
 *                                                                    reporters) · 400 own review · 404 · 429
 * 429 bodies are the spec's TOO_MANY_ATTEMPTS text.
 */

/** Favourite films shown first on a profile; when none are chosen, the four highest rated. */
export const FAVOURITES_MAX = 4;
export const FEED_PAGE_SIZE = 20;
export const REVIEWS_PAGE_SIZE = 20;
export const PEOPLE_PAGE_SIZE = 50;
/** A review reported by this many different people is hidden from everyone. */
export const REVIEW_HIDE_REPORTS = 3;

/** 3–30 letters, digits, `_` or `.`, starting with a letter or digit; unique ignoring case. */
export const Username = z
  .string({ error: 'username must be text' })
  .trim()
  .min(USERNAME_MIN, { error: `username must be ${USERNAME_MIN}–${USERNAME_MAX} characters` })
  .max(USERNAME_MAX, { error: `username must be ${USERNAME_MIN}–${USERNAME_MAX} characters` })
  .regex(USERNAME_PATTERN, {
    error: 'username may hold only letters, digits, _ and ., and must start with a letter or digit',
  })
  .refine((u) => !(RESERVED_USERNAMES as readonly string[]).includes(u.toLowerCase()), {
    error: 'That username is reserved',
  });

export const UsernameParams = z.object({
  username: z
    .string()
    .min(1)
    .max(USERNAME_MAX * 2),
});
export const MovieReviewParams = z.object({
  tmdb_id: PositiveIntId,
  username: z
    .string()
    .min(1)
    .max(USERNAME_MAX * 2),
});
export const SocialMovieParams = z.object({ tmdb_id: PositiveIntId });

/** GET/PATCH /user/profile: the signed-in user's own social settings. */
export const ProfileSettings = z
  .object({
    username: z.string().nullable().describe('null until chosen; needed to follow or be found'),
    public: z.boolean().describe('Private by default'),
    favourites: z.array(z.number()).describe('Chosen favourite films (TMDB ids, at most 4), in order'),
  })
  .meta({ id: 'ProfileSettings' });
export type ProfileSettings = z.infer<typeof ProfileSettings>;

/** PATCH /user/profile: any of the fields; at least one. The first PATCH must set a username. */
export const ProfileSettingsPatch = z
  .strictObject(
    {
      username: Username.optional(),
      public: z.boolean({ error: 'public must be true or false' }).optional(),
      favourites: z
        .array(PositiveIntId, { error: 'favourites must be a list of movie ids' })
        .max(FAVOURITES_MAX, { error: `at most ${FAVOURITES_MAX} favourites` })
        .refine((ids) => new Set(ids).size === ids.length, { error: 'a film can be a favourite once' })
        .optional(),
    },
    { error: 'Unknown profile setting' },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to update' });
export type ProfileSettingsPatch = z.input<typeof ProfileSettingsPatch>;

export const FollowStateValue = z.enum(['none', 'pending', 'accepted']);
export type FollowStateValue = z.infer<typeof FollowStateValue>;

/** The answer of follow, unfollow, accept, decline: where the follow from `follower` to `username` stands. */
export const FollowState = z
  .object({ username: z.string(), state: FollowStateValue, message: z.string() })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof FollowState>;

/** How the viewer stands with a profile (all false/'none' for a signed-out viewer). */
export const Relationship = z
  .object({
    username: z.string(),
    is_self: z.boolean(),
    following: FollowStateValue.describe('Viewer → profile'),
    follows_you: FollowStateValue.describe('Profile → viewer'),
    blocked: z.boolean().describe('The viewer blocked this profile'),
  })
  .meta({ id: 'Relationship' });
export type Relationship = z.infer<typeof Relationship>;

/** A person in a list or a search: the username and whether the profile is public; nothing else. */
export const PersonSummary = z
  .object({ username: z.string(), public: z.boolean() })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummary>;

export const PersonList = z.object({ results: z.array(PersonSummary) }).meta({ id: 'PersonList' });
export type PersonList = z.infer<typeof PersonList>;

/** Followers/following: newest first; `next_cursor` is opaque, null on the last page. */
export const PersonPage = z
  .object({ results: z.array(PersonSummary), next_cursor: z.string().nullable() })
  .meta({ id: 'PersonPage' });
export type PersonPage = z.infer<typeof PersonPage>;

export const FollowRequest = z.object({ username: z.string(), requested_at: z.string() });
export const FollowRequestList = z
  .object({ results: z.array(FollowRequest) })
  .meta({ id: 'FollowRequestList' });
export type FollowRequestList = z.infer<typeof FollowRequestList>;

export const ProfileSearchQuery = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .min(1, { error: 'q must be 1–30 characters' })
    .max(USERNAME_MAX, { error: 'q must be 1–30 characters' }),
});
export const CursorQuery = z.object({
  cursor: z.string().max(200, { error: 'cursor is not valid' }).optional(),
});

const MovieCard = {
  tmdb_id: z.number(),
  title: z.string(),
  poster_path: z.string().nullable(),
  release_date: z.string().nullable(),
};
export const SocialMovie = z.object(MovieCard).meta({ id: 'SocialMovie' });
export type SocialMovie = z.infer<typeof SocialMovie>;

export const ProfileDiaryEntry = z.object({
  ...MovieCard,
  watched_on: z.string().describe('YYYY-MM-DD'),
  rewatch: z.boolean(),
  rating: z.number().nullable(),
});
export const ProfilePlaylist = z.object({
  name: z.string(),
  slug: z.string().describe('Open at /api/public/playlists/{slug}'),
  movie_count: z.number(),
});

/**
 * GET /profiles/{username}. `visible` says whether the viewer may see the contents (a public
 * profile, your own, or one you follow with acceptance); when false every content field is null.
 */
export const Profile = z
  .object({
    username: z.string(),
    public: z.boolean(),
    visible: z.boolean(),
    relationship: Relationship,
    favourites: z
      .array(SocialMovie)
      .nullable()
      .describe('The chosen favourites, or (none chosen) the four highest rated'),
    favourites_chosen: z.boolean().nullable(),
    recent_diary: z.array(ProfileDiaryEntry).nullable().describe('The 10 latest viewings'),
    ratings_spread: z
      .array(z.object({ rating: z.number(), count: z.number() }))
      .nullable()
      .describe('Ten rows, 0.5 to 5 by half stars'),
    playlists: z.array(ProfilePlaylist).nullable().describe('Public (shared) playlists'),
    counts: z
      .object({
        films: z.number().describe('Distinct films watched (marked watched or logged)'),
        this_year: z.number().describe('Distinct films logged in the diary this (UTC) year'),
        followers: z.number(),
        following: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const FeedKind = z.enum(['diary', 'rating', 'review', 'like', 'playlist']);
export type FeedKind = z.infer<typeof FeedKind>;

/** One thing a followed person did. `movie` is null only for 'playlist'; `playlist` only for it. */
export const FeedItem = z
  .object({
    id: z.string(),
    kind: FeedKind,
    at: z.string().describe('When it happened (ISO time)'),
    username: z.string(),
    movie: SocialMovie.nullable(),
    rating: z.number().nullable().describe("The person's current rating of the movie"),
    review: z.string().nullable().describe("'review' items: the review's current text"),
    watched_on: z.string().nullable().describe("'diary' items"),
    rewatch: z.boolean().nullable().describe("'diary' items"),
    playlist: ProfilePlaylist.nullable().describe("'playlist' items"),
  })
  .meta({ id: 'FeedItem' });
export type FeedItem = z.infer<typeof FeedItem>;

export const FeedPage = z
  .object({ results: z.array(FeedItem), next_cursor: z.string().nullable() })
  .meta({ id: 'FeedPage' });
export type FeedPage = z.infer<typeof FeedPage>;

/** GET /movies/{id}/friends: people you follow (accepted) who watched, rated or logged the film. */
export const FriendsWhoWatched = z
  .object({
    results: z.array(
      z.object({
        username: z.string(),
        rating: z.number().nullable(),
        watched_on: z.string().nullable().describe('Latest diary date, if logged'),
      }),
    ),
  })
  .meta({ id: 'FriendsWhoWatched' });
export type FriendsWhoWatched = z.infer<typeof FriendsWhoWatched>;

export const ReviewSort = z.enum(['newest', 'liked']);
export const ReviewsQuery = z.object({
  sort: ReviewSort.default('newest'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(500, { error: 'page must be at most 500' })
    .default(1),
});

export const PublicReview = z
  .object({
    username: z.string(),
    tmdb_id: z.number(),
    rating: z.number(),
    review: z.string(),
    updated_at: z.string(),
    like_count: z.number(),
    liked: z.boolean().describe('The viewer liked it (false signed out)'),
    own: z.boolean().describe("The viewer's own review"),
    hidden: z
      .boolean()
      .describe(
        'Hidden from everyone after reports, until an operator restores or removes it; only its author is shown it',
      ),
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewPage = z
  .object({
    page: z.number(),
    total_pages: z.number(),
    total_results: z.number(),
    results: z.array(PublicReview),
    own_removed: z
      .boolean()
      .optional()
      .describe(
        "Signed in, page 1: a moderator removed the viewer's review of this film after reports, and they have not written another",
      ),
  })
  .meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPage>;

export const ReviewLikeState = z
  .object({ liked: z.boolean(), like_count: z.number() })
  .meta({ id: 'ReviewLikeState' });
export type ReviewLikeState = z.infer<typeof ReviewLikeState>;

export const ReviewReportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(500, { error: 'note: at most 500 characters' })
    .optional(),
});
export type ReviewReportBody = z.infer<typeof ReviewReportBody>;
