import {
  DiaryEntryDeleted,
  DiaryBody,
  DiaryEntryCreated,
  DiaryEntryParams,
  DiaryEntryPatch,
  DiaryEntryUpdated,
  DiaryPage,
  DiaryQuery,
  ErrorBody,
  MessageResponse,
  LibraryPageQuery,
  RatedMoviePage,
  RatingBody,
  RatingState,
  StatsQuery,
  TmdbIdParams,
  YearInReview,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import type { Limiter } from '../../lib/rate-limit';
import type { DiaryService } from './diary.service';

const auth = { 401: ErrorBody, 403: ErrorBody };
const bad = { 400: ErrorBody };
const security = [{ bearerAuth: [] }];

/** /api/user/ratings, /api/user/diary, /api/user/stats: the signed-in, verified user's own. */
export const diaryRoutes =
  (
    service: DiaryService,
    verifier: TokenVerifier,
    accountExists: (uid: string) => Promise<boolean>,
    /** Counts each write that sets a review (issue 46: reviews are public; decision 0093). */
    reviewWrites?: Limiter,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireVerifiedUser(verifier, accountExists));
    const tags = ['diary'];
    // A write carrying review text counts against the account's review limit; a rating alone does not.
    const countReview = async (req: FastifyRequest) => {
      const review = (req.body as { review?: unknown } | undefined)?.review;
      if (reviewWrites && typeof review === 'string' && review.trim() !== '')
        await reviewWrites.consume(currentUser(req).uid);
    };

    app.put(
      '/ratings/:tmdb_id',
      {
        preHandler: countReview,
        schema: {
          tags,
          security,
          summary: 'Rate a movie (half stars, 0.5–5) with an optional review',
          description: 'Sets or replaces the rating; a missing, null or blank review removes the review.',
          params: TmdbIdParams,
          body: RatingBody,
          response: { 200: RatingState, ...bad, ...auth, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (req) =>
        service.setRating(currentUser(req).uid, req.params.tmdb_id, req.body.rating, req.body.review),
    );
    app.get(
      '/ratings/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: "The user's rating of a movie (rating null when unrated)",
          params: TmdbIdParams,
          response: { 200: RatingState, ...bad, ...auth },
        },
      },
      async (req) => service.rating(currentUser(req).uid, req.params.tmdb_id),
    );
    app.delete(
      '/ratings/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a rating and its review',
          params: TmdbIdParams,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.clearRating(currentUser(req).uid, req.params.tmdb_id),
    );
    app.get(
      '/ratings',
      {
        schema: {
          tags,
          security,
          summary: 'Rated movies, most recently rated first, 50 a page',
          querystring: LibraryPageQuery,
          response: { 200: RatedMoviePage, ...bad, ...auth },
        },
      },
      async (req) => service.ratings(currentUser(req).uid, req.query.page),
    );

    app.post(
      '/diary',
      {
        schema: {
          tags,
          security,
          summary: 'Log a viewing (also marks the movie watched and takes it off the watchlist)',
          description:
            'watched_on defaults to today (UTC); a date after today anywhere on Earth is 400. ' +
            'The same movie twice on one day is 409.',
          body: DiaryBody,
          response: { 201: DiaryEntryCreated, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await service.logViewing(
              currentUser(req).uid,
              req.body.tmdb_id,
              req.body.watched_on,
              req.body.rewatch ?? false,
              undefined,
              req.body.tags,
            ),
          ),
    );
    app.patch(
      '/diary/:id',
      {
        preHandler: countReview,
        schema: {
          tags,
          security,
          summary: 'Edit a diary entry (day, rewatch, tags) and the movie’s rating and review',
          description:
            'Only the fields sent change. rating and review are the movie’s (as PUT /ratings): rating ' +
            'null removes both. Another movie’s entry on the new day is 409; someone else’s entry is 404.',
          params: DiaryEntryParams,
          body: DiaryEntryPatch,
          response: {
            200: DiaryEntryUpdated,
            ...bad,
            ...auth,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (req) => service.updateEntry(currentUser(req).uid, req.params.id, req.body),
    );
    app.get(
      '/diary',
      {
        schema: {
          tags,
          security,
          summary: 'Diary entries, newest viewing first, 50 a page',
          description: 'With ?tmdb_id, only the viewings of that movie.',
          querystring: DiaryQuery,
          response: { 200: DiaryPage, ...bad, ...auth },
        },
      },
      async (req) => service.diary(currentUser(req).uid, req.query.page, req.query.tmdb_id),
    );
    app.delete(
      '/diary/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a diary entry',
          description: 'Answers what the entry was, so that it can be logged again (undo). Watched stays.',
          params: DiaryEntryParams,
          response: {
            200: DiaryEntryDeleted,
            ...bad,
            ...auth,
            404: ErrorBody,
          },
        },
      },
      async (req) => service.deleteEntry(currentUser(req).uid, req.params.id),
    );

    app.get(
      '/stats',
      {
        schema: {
          tags,
          security,
          summary: 'Year in review, or all time with ?year=all',
          description:
            'Without ?year: the latest year that has diary entries (the current UTC year when none).',
          querystring: StatsQuery,
          response: { 200: YearInReview, ...bad, ...auth },
        },
      },
      async (req) => service.yearInReview(currentUser(req).uid, req.query.year),
    );
  };
