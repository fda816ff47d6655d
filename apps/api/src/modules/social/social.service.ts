import {
  FAVOURITES_MAX,
  FEED_PAGE_SIZE,
  PEOPLE_PAGE_SIZE,
  REVIEW_HIDE_REPORTS,
  REVIEWS_PAGE_SIZE,
  type FeedItem,
  type FeedPage,
  type FollowState,
  type FollowStateValue,
  type PersonPage,
  type Profile,
  type ProfileSettings,
  type ProfileSettingsPatch as ProfileSettingsPatchSchema,
  type Relationship,
  type ReviewLikeState,
  type ReviewPage,
  type ReviewReportBody,
} from '@app/contracts';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { z } from 'zod';
import type { Limiter } from '../../lib/rate-limit';
import {
  iso,
  type FeedRow,
  type PersonCursor,
  type ProfileRow,
  type SocialRepository,
} from './social.repository';

export const SOCIAL_MESSAGES = {
  profileNotFound: 'No one has that username.',
  usernameTaken: 'That username is taken.',
  usernameRequired: 'Choose a username in your profile settings first.',
  usernameFirst: 'Choose a username first.',
  privateProfile: 'This profile is private.',
  selfFollow: 'You can’t follow yourself.',
  selfBlock: 'You can’t block yourself.',
  youBlocked: 'You blocked this person. Unblock them first.',
  noRequest: 'There is no follow request from that person.',
  badCursor: 'cursor is not valid',
  reviewNotFound: 'That review isn’t available.',
  ownReview: 'That is your own review.',
  unknownFavourite: 'A favourite film was not found.',
} as const;

/** The limits of issue 46's writes (per account): generous for a person, a wall for a script. */
export const SOCIAL_LIMITS = {
  follow: { points: 100, durationSeconds: 3600 },
  reviewLike: { points: 300, durationSeconds: 3600 },
  reviewReport: { points: 30, durationSeconds: 3600 },
  /** PUT /api/user/ratings/{id} and PATCH /api/user/diary/{id} carrying review text. */
  reviewWrite: { points: 60, durationSeconds: 3600 },
} as const;

export interface SocialLimiters {
  follow: Limiter;
  reviewLike: Limiter;
  reviewReport: Limiter;
}

type ProfileSettingsPatch = z.output<typeof ProfileSettingsPatchSchema>;

const RATING_STEPS = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

const encodeCursor = (c: PersonCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string | undefined): PersonCursor | null {
  if (s === undefined) return null;
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as Partial<PersonCursor>;
    if (typeof c.at === 'string' && typeof c.id === 'string' && !Number.isNaN(Date.parse(c.at))) {
      return { at: c.at, id: c.id };
    }
  } catch {
    // answered below
  }
  throw new BadRequestError(SOCIAL_MESSAGES.badCursor);
}

/** A PostgreSQL error from a check the service made first, lost to a race (a block at the same moment). */
const isCheckViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23514';
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

function feedItem(r: FeedRow): FeedItem {
  return {
    id: r.id,
    kind: r.kind,
    at: iso(r.created_at),
    username: r.username,
    movie:
      r.tmdb_id === null
        ? null
        : {
            tmdb_id: r.tmdb_id,
            title: r.title ?? '',
            poster_path: r.poster_path,
            release_date: r.release_date,
          },
    rating: r.rating === null ? null : Number(r.rating),
    review: r.review,
    watched_on: r.watched_on,
    rewatch: r.rewatch,
    playlist:
      r.public_slug === null
        ? null
        : { name: r.playlist_name ?? '', slug: r.public_slug, movie_count: Number(r.movie_count ?? 0) },
  };
}

/**
 * Issue 46's rules (decision 0093): who sees what of whom. A profile is visible to its owner, to
 * everyone when public, and to followers whose follow was accepted; someone who blocked the
 * viewer does not exist for them (404). The database enforces the follow/block invariants too.
 */
export class SocialService {
  constructor(
    private readonly repo: SocialRepository,
    private readonly limits: SocialLimiters,
    /** Makes sure the movies table has the film (from the movie source); NotFoundError if unknown. */
    private readonly ensureMovie: (tmdbId: number) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  followedUserIds(userId: string): Promise<string[]> {
    return this.repo.followedUserIds(userId);
  }

  // Own settings
  async settings(userId: string): Promise<ProfileSettings> {
    const p = await this.repo.profileOf(userId);
    return { username: p?.username ?? null, public: p?.is_public ?? false, favourites: p?.favourites ?? [] };
  }

  async updateSettings(userId: string, patch: ProfileSettingsPatch): Promise<ProfileSettings> {
    const existing = await this.repo.profileOf(userId);
    if (!existing && !patch.username) throw new BadRequestError(SOCIAL_MESSAGES.usernameFirst);
    if (patch.username) {
      const holder = await this.repo.profileByUsername(patch.username);
      if (holder && holder.user_id !== userId) throw new ConflictError(SOCIAL_MESSAGES.usernameTaken);
    }
    for (const id of (patch.favourites ?? []).slice(0, FAVOURITES_MAX)) {
      try {
        await this.ensureMovie(id);
      } catch (err) {
        if (err instanceof NotFoundError) throw new BadRequestError(SOCIAL_MESSAGES.unknownFavourite);
        throw err;
      }
    }
    const fields = {
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.public !== undefined ? { is_public: patch.public } : {}),
      ...(patch.favourites !== undefined ? { favourites: patch.favourites } : {}),
    };
    try {
      await this.repo.transaction(async (trx) => {
        if (existing) await this.repo.updateProfile(trx, userId, fields);
        else await this.repo.insertProfile(trx, userId, { ...fields, username: patch.username! });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(SOCIAL_MESSAGES.usernameTaken);
      throw err;
    }
    return this.settings(userId);
  }

  // Looking people up
  /** The profile `username` as `viewerId` may know it: 404 when absent or when its owner blocked the viewer. */
  private async target(username: string, viewerId: string | null): Promise<ProfileRow> {
    const p = await this.repo.profileByUsername(username);
    if (!p || (viewerId && viewerId !== p.user_id && (await this.repo.hasBlocked(p.user_id, viewerId))))
      throw new NotFoundError(SOCIAL_MESSAGES.profileNotFound);
    return p;
  }

  private async relationship(p: ProfileRow, viewerId: string | null): Promise<Relationship> {
    const base = { username: p.username, is_self: viewerId === p.user_id };
    if (!viewerId || base.is_self) return { ...base, following: 'none', follows_you: 'none', blocked: false };
    const [following, follows_you, blocked] = await Promise.all([
      this.repo.followState(viewerId, p.user_id),
      this.repo.followState(p.user_id, viewerId),
      this.repo.hasBlocked(viewerId, p.user_id),
    ]);
    return { ...base, following, follows_you, blocked };
  }

  private static visible(p: ProfileRow, r: Relationship) {
    return r.is_self || p.is_public || r.following === 'accepted';
  }

  async profile(username: string, viewerId: string | null): Promise<Profile> {
    const p = await this.target(username, viewerId);
    const relationship = await this.relationship(p, viewerId);
    const visible = SocialService.visible(p, relationship);
    const head = { username: p.username, public: p.is_public, visible, relationship };
    if (!visible)
      return {
        ...head,
        favourites: null,
        favourites_chosen: null,
        recent_diary: null,
        ratings_spread: null,
        playlists: null,
        counts: null,
      };
    const chosen = p.favourites.length > 0;
    const [favourites, recent_diary, spread, playlists, counts] = await Promise.all([
      chosen ? this.repo.moviesByIds(p.favourites) : this.repo.topRated(p.user_id, FAVOURITES_MAX),
      this.repo.recentDiary(p.user_id, 10),
      this.repo.ratingsSpread(p.user_id),
      this.repo.publicPlaylists(p.user_id),
      this.repo.profileCounts(p.user_id, this.now().getUTCFullYear()),
    ]);
    return {
      ...head,
      favourites,
      favourites_chosen: chosen,
      recent_diary,
      ratings_spread: RATING_STEPS.map((rating) => ({ rating, count: spread.get(rating) ?? 0 })),
      playlists,
      counts,
    };
  }

  async search(q: string, viewerId: string | null) {
    const rows = await this.repo.searchProfiles(q, viewerId, 20);
    return { results: rows.map((r) => ({ username: r.username, public: r.is_public })) };
  }

  async people(
    username: string,
    direction: 'followers' | 'following',
    viewerId: string | null,
    cursor: string | undefined,
  ): Promise<PersonPage> {
    const at = decodeCursor(cursor);
    const p = await this.target(username, viewerId);
    if (!SocialService.visible(p, await this.relationship(p, viewerId)))
      throw new ForbiddenError(SOCIAL_MESSAGES.privateProfile);
    const rows = await this.repo.people(p.user_id, direction, viewerId, at, PEOPLE_PAGE_SIZE);
    const page = rows.slice(0, PEOPLE_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      results: page.map((r) => ({ username: r.username, public: r.is_public })),
      next_cursor:
        rows.length > PEOPLE_PAGE_SIZE && last ? encodeCursor({ at: last.at, id: last.user_id }) : null,
    };
  }

  // Following
  async follow(userId: string, username: string): Promise<FollowState> {
    await this.limits.follow.consume(userId);
    if (!(await this.repo.profileOf(userId)))
      throw new AppError(409, SOCIAL_MESSAGES.usernameRequired, 'USERNAME_REQUIRED');
    const p = await this.target(username, userId);
    if (p.user_id === userId) throw new BadRequestError(SOCIAL_MESSAGES.selfFollow);
    if (await this.repo.hasBlocked(userId, p.user_id)) throw new ConflictError(SOCIAL_MESSAGES.youBlocked);
    let state: FollowStateValue;
    try {
      state = await this.repo.follow(userId, p.user_id);
    } catch (err) {
      // Blocked (or the profile gone) between the checks and the insert.
      if (isCheckViolation(err) || (err as { code?: unknown }).code === '23503')
        throw new NotFoundError(SOCIAL_MESSAGES.profileNotFound);
      throw err;
    }
    const message =
      state === 'accepted' ? `You follow ${p.username}` : `Follow request sent to ${p.username}`;
    return { username: p.username, state, message };
  }

  async unfollow(userId: string, username: string): Promise<FollowState> {
    await this.limits.follow.consume(userId);
    const p = await this.target(username, userId);
    await this.repo.unfollow(userId, p.user_id);
    return { username: p.username, state: 'none', message: `You no longer follow ${p.username}` };
  }

  async removeFollower(userId: string, username: string): Promise<FollowState> {
    const p = await this.target(username, userId);
    await this.repo.unfollow(p.user_id, userId);
    return { username: p.username, state: 'none', message: `${p.username} no longer follows you` };
  }

  requests(userId: string) {
    return this.repo.pendingRequests(userId).then((results) => ({ results }));
  }

  async answerRequest(userId: string, username: string, accept: boolean): Promise<FollowState> {
    const p = await this.target(username, userId);
    const done = accept
      ? await this.repo.accept(p.user_id, userId)
      : await this.repo.unfollow(p.user_id, userId, true);
    if (!done) throw new NotFoundError(SOCIAL_MESSAGES.noRequest);
    return accept
      ? { username: p.username, state: 'accepted', message: `${p.username} follows you now` }
      : { username: p.username, state: 'none', message: `Request from ${p.username} declined` };
  }

  // Blocks
  async block(userId: string, username: string, on: boolean): Promise<Relationship> {
    const p = await this.target(username, userId);
    if (p.user_id === userId) throw new BadRequestError(SOCIAL_MESSAGES.selfBlock);
    if (on) await this.repo.block(userId, p.user_id);
    else await this.repo.unblock(userId, p.user_id);
    return this.relationship(p, userId);
  }

  async blocks(userId: string) {
    const rows = await this.repo.blockedBy(userId);
    return { results: rows.map((r) => ({ username: r.username, public: r.is_public })) };
  }

  // The feed
  async feed(userId: string, cursor: string | undefined): Promise<FeedPage> {
    if (cursor !== undefined && !/^[1-9]\d{0,17}$/.test(cursor))
      throw new BadRequestError(SOCIAL_MESSAGES.badCursor);
    const rows = await this.repo.feed(userId, cursor ?? null, FEED_PAGE_SIZE + 1, REVIEW_HIDE_REPORTS);
    const page = rows.slice(0, FEED_PAGE_SIZE);
    return {
      results: page.map(feedItem),
      next_cursor: rows.length > FEED_PAGE_SIZE ? page[page.length - 1]!.id : null,
    };
  }

  // The movie page
  async friends(userId: string, tmdbId: number) {
    return { results: await this.repo.friendsWhoWatched(userId, tmdbId) };
  }

  async reviews(
    tmdbId: number,
    viewerId: string | null,
    sort: 'newest' | 'liked',
    page: number,
  ): Promise<ReviewPage> {
    const offset = (page - 1) * REVIEWS_PAGE_SIZE;
    const [rows, ownRemoved] = await Promise.all([
      this.repo.reviews(tmdbId, viewerId, sort, offset, REVIEWS_PAGE_SIZE, REVIEW_HIDE_REPORTS),
      viewerId && page === 1 ? this.repo.ownReviewRemoved(viewerId, tmdbId) : null,
    ]);
    const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    return {
      ...(ownRemoved === null ? {} : { own_removed: ownRemoved }),
      page,
      total_pages: Math.ceil(total / REVIEWS_PAGE_SIZE),
      total_results: total,
      results: rows.map((r) => ({
        username: r.username,
        tmdb_id: r.tmdb_id,
        rating: Number(r.rating),
        review: r.review,
        updated_at: iso(r.updated_at),
        like_count: Number(r.like_count),
        liked: r.liked,
        own: r.own,
        hidden: r.hidden,
      })),
    };
  }

  private async reviewAuthor(tmdbId: number, username: string, userId: string, reportedOk: boolean) {
    const author = await this.repo.reviewAuthor(tmdbId, username, userId, REVIEW_HIDE_REPORTS, reportedOk);
    if (!author) throw new NotFoundError(SOCIAL_MESSAGES.reviewNotFound);
    if (author === userId) throw new BadRequestError(SOCIAL_MESSAGES.ownReview);
    return author;
  }

  async likeReview(userId: string, tmdbId: number, username: string, on: boolean): Promise<ReviewLikeState> {
    await this.limits.reviewLike.consume(userId);
    const author = await this.reviewAuthor(tmdbId, username, userId, !on);
    try {
      if (on) await this.repo.likeReview(userId, author, tmdbId);
      else await this.repo.unlikeReview(userId, author, tmdbId);
    } catch (err) {
      // The review removed meanwhile.
      if ((err as { code?: unknown }).code === '23503')
        throw new NotFoundError(SOCIAL_MESSAGES.reviewNotFound);
      throw err;
    }
    return { liked: on, like_count: await this.repo.reviewLikeCount(author, tmdbId) };
  }

  async reportReview(userId: string, tmdbId: number, username: string, body: ReviewReportBody) {
    await this.limits.reviewReport.consume(userId);
    const author = await this.reviewAuthor(tmdbId, username, userId, true);
    try {
      await this.repo.reportReview(userId, author, tmdbId, body.reason, body.note || null);
    } catch (err) {
      if ((err as { code?: unknown }).code === '23503')
        throw new NotFoundError(SOCIAL_MESSAGES.reviewNotFound);
      throw err;
    }
    return { message: 'Thanks for reporting it. The review is hidden for you.' };
  }
}
