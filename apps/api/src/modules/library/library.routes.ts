import {
  ErrorBody,
  LikeCreated,
  LikedMovie,
  MessageResponse,
  Playlist,
  PlaylistBody,
  PlaylistCreated,
  PlaylistMovie,
  PlaylistMovieParams,
  PlaylistParams,
  PlaylistRenamed,
  PlaylistsQuery,
  RecentlyVisitedEntry,
  RecentlyVisitedRestore,
  TmdbIdBody,
  TmdbIdParams,
  WatchStatusBody,
  WatchStatusClearQuery,
  WatchStatusEntry,
  WatchStatusSet,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import type { CachedLikesAnswer } from './cached-likes';
import type { LibraryService } from './library.service';

const auth = { 401: ErrorBody, 403: ErrorBody };
const bad = { 400: ErrorBody };
const security = [{ bearerAuth: [] }];

/** /api/user/*: the signed-in, verified user's likes, playlists, watch status and visits. */
export const libraryRoutes =
  (
    service: LibraryService,
    verifier: TokenVerifier,
    /** With the read cache: the likes' answer made once per cached list and encoding. */
    likesAnswer: CachedLikesAnswer | null = null,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // onRequest: authentication is checked before the body is even parsed, so 401 comes before 400.
    app.addHook(
      'onRequest',
      requireVerifiedUser(verifier, (uid) => service.accountExists(uid)),
    );
    const tags = ['library'];

    app.post(
      '/likes',
      {
        schema: {
          tags,
          security,
          summary: 'Like a movie',
          body: TmdbIdBody,
          response: { 201: LikeCreated, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) => reply.code(201).send(await service.like(currentUser(req).uid, req.body.tmdb_id)),
    );
    app.delete(
      '/likes/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: 'Unlike a movie',
          params: TmdbIdParams,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.unlike(currentUser(req).uid, req.params.tmdb_id),
    );
    app.get(
      '/likes',
      {
        schema: {
          tags,
          security,
          summary: 'Liked movies, newest first',
          response: { 200: z.array(LikedMovie), ...auth },
        },
      },
      async (req, reply) => {
        const likes = await service.likes(currentUser(req).uid, req.userGeneration);
        if (!likesAnswer) return reply.header('cache-control', 'private, no-store').send(likes);
        // A cached list's bytes are made once per encoding (cached-likes.ts): a Buffer is sent as is.
        return reply.send(likesAnswer.send(req, reply, likes) as unknown as typeof likes);
      },
    );

    app.post(
      '/playlists',
      {
        schema: {
          tags,
          security,
          summary: 'Create a playlist',
          description: "A user's playlist names are unique, ignoring case (409).",
          body: PlaylistBody,
          response: { 201: PlaylistCreated, ...bad, ...auth, 409: ErrorBody },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await service.createPlaylist(currentUser(req).uid, req.body.name)),
    );
    app.get(
      '/playlists',
      {
        schema: {
          tags,
          security,
          summary: "The user's playlists with movie counts",
          description: 'With ?tmdb_id, each playlist also says whether it holds that movie (contains_movie).',
          querystring: PlaylistsQuery,
          response: { 200: z.array(Playlist), ...bad, ...auth },
        },
      },
      async (req) => service.playlists(currentUser(req).uid, req.query.tmdb_id),
    );
    app.patch(
      '/playlists/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename a playlist',
          description: "A user's playlist names are unique, ignoring case (409).",
          params: PlaylistParams,
          body: PlaylistBody,
          response: { 200: PlaylistRenamed, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => service.renamePlaylist(currentUser(req).uid, req.params.id, req.body.name),
    );
    app.delete(
      '/playlists/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a playlist and its entries',
          params: PlaylistParams,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.deletePlaylist(currentUser(req).uid, req.params.id),
    );
    app.post(
      '/playlists/:id/movies',
      {
        schema: {
          tags,
          security,
          summary: 'Add a movie to a playlist',
          params: PlaylistParams,
          body: TmdbIdBody,
          response: { 201: MessageResponse, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(await service.addToPlaylist(currentUser(req).uid, req.params.id, req.body.tmdb_id)),
    );
    app.delete(
      '/playlists/:id/movies/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a movie from a playlist',
          params: PlaylistMovieParams,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.removeFromPlaylist(currentUser(req).uid, req.params.id, req.params.tmdb_id),
    );
    app.get(
      '/playlists/:id/movies',
      {
        schema: {
          tags,
          security,
          summary: "A playlist's movies",
          params: PlaylistParams,
          response: { 200: z.array(PlaylistMovie), ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.playlistMovies(currentUser(req).uid, req.params.id),
    );

    app.post(
      '/watch-status',
      {
        schema: {
          tags,
          security,
          summary: 'Set watched or want_to_watch',
          description:
            'Adds that status; the other one, if held, stays: watched is independent of the watchlist.',
          body: WatchStatusBody,
          response: { 200: WatchStatusSet, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.setWatchStatus(currentUser(req).uid, req.body.tmdb_id, req.body.status),
    );
    app.get(
      '/watch-status',
      {
        schema: {
          tags,
          security,
          summary: 'Watch-status entries, most recent first',
          response: { 200: z.array(WatchStatusEntry), ...auth },
        },
      },
      async (req) => service.watchStatus(currentUser(req).uid),
    );
    app.delete(
      '/watch-status/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: "Clear a movie's watch status",
          description:
            'With ?status=watched or ?status=want_to_watch only that status is cleared; without, both. ' +
            'Watched stays while the movie has diary entries (409).',
          params: TmdbIdParams,
          querystring: WatchStatusClearQuery,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => service.clearWatchStatus(currentUser(req).uid, req.params.tmdb_id, req.query.status),
    );

    app.post(
      '/recently-visited',
      {
        schema: {
          tags,
          security,
          summary: 'Log a visit to a movie page',
          body: TmdbIdBody,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.logVisit(currentUser(req).uid, req.body.tmdb_id),
    );
    app.get(
      '/recently-visited',
      {
        schema: {
          tags,
          security,
          summary: 'The 20 most recently visited movies',
          response: { 200: z.array(RecentlyVisitedEntry), ...auth },
        },
      },
      async (req) => service.recentlyVisited(currentUser(req).uid),
    );
    app.delete(
      '/recently-visited/:tmdb_id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a movie from recently visited',
          params: TmdbIdParams,
          response: { 200: MessageResponse, ...bad, ...auth, 404: ErrorBody },
        },
      },
      async (req) => service.removeVisit(currentUser(req).uid, req.params.tmdb_id),
    );
    app.delete(
      '/recently-visited',
      {
        schema: {
          tags,
          security,
          summary: 'Clear recently visited',
          response: { 200: MessageResponse, ...auth },
        },
      },
      async (req) => service.clearVisits(currentUser(req).uid),
    );
    app.put(
      '/recently-visited',
      {
        schema: {
          tags,
          security,
          summary: 'Put visits back (the undo of a removal or a clear)',
          description:
            'Each visit at its own time (never later than now); a movie visited again since keeps its newer time; ' +
            'movies the database does not know are skipped. At most 20.',
          body: RecentlyVisitedRestore,
          response: { 200: MessageResponse, ...bad, ...auth },
        },
      },
      async (req) => service.restoreVisits(currentUser(req).uid, req.body.visits),
    );
  };
