import {
  CursorQuery,
  ErrorBody,
  FeedPage,
  FollowRequestList,
  FollowState,
  FriendsWhoWatched,
  MessageResponse,
  MovieReviewParams,
  PersonList,
  PersonPage,
  Profile,
  ProfileSearchQuery,
  ProfileSettings,
  ProfileSettingsPatch,
  Relationship,
  ReviewLikeState,
  ReviewPage,
  ReviewReportBody,
  ReviewsQuery,
  SocialMovieParams,
  UsernameParams,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import type { SocialService } from './social.service';

const auth = { 401: ErrorBody, 403: ErrorBody };
const bad = { 400: ErrorBody };
const limited = { 429: ErrorBody };
const security = [{ bearerAuth: [] }];
const optionalSecurity: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/**
 * Issue 46 under /api: /user/profile, /user/follow-requests, /user/blocks (the signed-in user's
 * own), /profiles (people), /feed, /movies/{id}/friends and /movies/{id}/reviews. Routes marked
 * optional answer signed-out visitors too; a token, when sent, must be valid (the viewer then
 * counts: blocks, follows, likes).
 */
export const socialRoutes =
  (
    service: SocialService,
    verifier: TokenVerifier,
    accountExists: (uid: string) => Promise<boolean>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireVerifiedUser(verifier, accountExists);
    const optional = async (req: FastifyRequest) => {
      if (req.headers.authorization) await signedIn(req);
    };
    // Every answer depends on who asks, or may change at once (a profile made private, a block, a
    // review hidden): no browser or shared cache keeps one (decision 0100).
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const viewer = (req: FastifyRequest) => req.user?.uid ?? null;
    const me = (req: FastifyRequest) => currentUser(req).uid;
    const tags = ['social'];

    app.get(
      '/user/profile',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Your username, profile privacy and favourites',
          response: { 200: ProfileSettings, ...auth },
        },
      },
      async (req) => service.settings(me(req)),
    );
    app.patch(
      '/user/profile',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Set your username, make your profile public or private, choose favourites',
          description:
            'The first change must set a username. A profile is private until made public; making it ' +
            'public accepts pending follow requests. Favourites: up to 4 TMDB ids, in order.',
          body: ProfileSettingsPatch,
          response: { 200: ProfileSettings, ...bad, ...auth, 409: ErrorBody },
        },
      },
      async (req) => service.updateSettings(me(req), req.body),
    );
    app.get(
      '/user/follow-requests',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Pending requests to follow you',
          response: { 200: FollowRequestList, ...auth },
        },
      },
      async (req) => service.requests(me(req)),
    );
    for (const [action, accept] of [
      ['accept', true],
      ['decline', false],
    ] as const) {
      app.post(
        `/user/follow-requests/:username/${action}`,
        {
          onRequest: signedIn,
          schema: {
            tags,
            security,
            summary: `${accept ? 'Accept' : 'Decline'} a follow request`,
            params: UsernameParams,
            response: { 200: FollowState, ...bad, ...auth, 404: ErrorBody },
          },
        },
        async (req) => service.answerRequest(me(req), req.params.username, accept),
      );
    }
    app.get(
      '/user/blocks',
      {
        onRequest: signedIn,
        schema: { tags, security, summary: 'People you blocked', response: { 200: PersonList, ...auth } },
      },
      async (req) => service.blocks(me(req)),
    );

    app.get(
      '/profiles',
      {
        onRequest: optional,
        schema: {
          tags,
          security: optionalSecurity,
          summary: 'Find people by the start of their username (names only)',
          querystring: ProfileSearchQuery,
          response: { 200: PersonList, ...bad, ...auth },
        },
      },
      async (req) => service.search(req.query.q, viewer(req)),
    );
    app.get(
      '/profiles/:username',
      {
        onRequest: optional,
        schema: {
          tags,
          security: optionalSecurity,
          summary: 'A profile (its contents only if public, yours, or followed with acceptance)',
          params: UsernameParams,
          response: { 200: Profile, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.profile(req.params.username, viewer(req)),
    );
    for (const direction of ['followers', 'following'] as const) {
      app.get(
        `/profiles/:username/${direction}`,
        {
          onRequest: optional,
          schema: {
            tags,
            security: optionalSecurity,
            summary: `A profile's ${direction}, newest first`,
            params: UsernameParams,
            querystring: CursorQuery,
            response: { 200: PersonPage, ...bad, ...auth, 404: ErrorBody },
          },
        },
        async (req) => service.people(req.params.username, direction, viewer(req), req.query.cursor),
      );
    }
    app.post(
      '/profiles/:username/follow',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Follow (a public profile) or ask to follow (a private one)',
          params: UsernameParams,
          response: { 200: FollowState, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody, ...limited },
        },
      },
      async (req) => service.follow(me(req), req.params.username),
    );
    app.delete(
      '/profiles/:username/follow',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Unfollow, or withdraw a follow request',
          params: UsernameParams,
          response: { 200: FollowState, ...bad, ...auth, 404: ErrorBody, ...limited },
        },
      },
      async (req) => service.unfollow(me(req), req.params.username),
    );
    app.delete(
      '/profiles/:username/follower',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Remove someone from your followers',
          params: UsernameParams,
          response: { 200: FollowState, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.removeFollower(me(req), req.params.username),
    );
    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      app[method](
        '/profiles/:username/block',
        {
          onRequest: signedIn,
          schema: {
            tags,
            security,
            summary: on ? 'Block someone (follows both ways end)' : 'Unblock someone',
            params: UsernameParams,
            response: { 200: Relationship, ...bad, ...auth, 404: ErrorBody },
          },
        },
        async (req) => service.block(me(req), req.params.username, on),
      );
    }

    app.get(
      '/feed',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'What the people you follow did, newest first, 20 a page',
          querystring: CursorQuery,
          response: { 200: FeedPage, ...bad, ...auth },
        },
      },
      async (req) => service.feed(me(req), req.query.cursor),
    );
    app.get(
      '/movies/:tmdb_id/friends',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'People you follow who watched the film, with their ratings',
          params: SocialMovieParams,
          response: { 200: FriendsWhoWatched, ...bad, ...auth },
        },
      },
      async (req) => service.friends(me(req), req.params.tmdb_id),
    );
    app.get(
      '/movies/:tmdb_id/reviews',
      {
        onRequest: optional,
        schema: {
          tags,
          security: optionalSecurity,
          summary: 'Reviews of the film by people with public profiles, 20 a page',
          params: SocialMovieParams,
          querystring: ReviewsQuery,
          response: { 200: ReviewPage, ...bad, ...auth },
        },
      },
      async (req) => service.reviews(req.params.tmdb_id, viewer(req), req.query.sort, req.query.page),
    );
    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      app[method](
        '/movies/:tmdb_id/reviews/:username/like',
        {
          onRequest: signedIn,
          schema: {
            tags,
            security,
            summary: on ? 'Like a review' : 'Unlike a review',
            params: MovieReviewParams,
            response: { 200: ReviewLikeState, ...bad, ...auth, 404: ErrorBody, ...limited },
          },
        },
        async (req) => service.likeReview(me(req), req.params.tmdb_id, req.params.username, on),
      );
    }
    app.post(
      '/movies/:tmdb_id/reviews/:username/report',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          summary: 'Report a review (hidden from you at once, from everyone after 3 reports)',
          params: MovieReviewParams,
          body: ReviewReportBody,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody, ...limited },
        },
      },
      async (req) => service.reportReview(me(req), req.params.tmdb_id, req.params.username, req.body),
    );
  };
