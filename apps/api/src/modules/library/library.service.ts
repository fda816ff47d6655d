import { RECENTLY_VISITED_LIMIT } from '@app/contracts';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import type { LibraryRepository, MovieFactsRow, WatchStatusValue } from './library.repository';

export const MESSAGES = {
  liked: 'Movie liked',
  alreadyLiked: 'Movie already liked',
  likeRemoved: 'Like removed',
  notLiked: 'Movie not in your likes',
  movieNotFound: 'Movie not found',
  playlistDeleted: 'Playlist deleted',
  playlistRenamed: 'Playlist renamed',
  playlistNotFound: 'Playlist not found',
  notOwner: 'You don’t own this playlist',
  addedToPlaylist: 'Movie added to playlist',
  alreadyInPlaylist: 'Movie already in playlist',
  removedFromPlaylist: 'Movie removed from playlist',
  notInPlaylist: 'Movie not in playlist',
  statusUpdated: 'Watch status updated',
  statusCleared: 'Watch status cleared',
  noStatus: 'Movie has no watch status',
  notWatched: 'Movie is not marked as watched',
  notOnWatchlist: 'Movie is not in your watchlist',
  visitLogged: 'Visit logged',
} as const;

/**
 * The personal library's rules. Movie facts are copied from the movie source on the first write
 * that needs them, inside the same transaction as that write; a DELETE never fetches or creates.
 */
export class LibraryService {
  constructor(
    private readonly repo: LibraryRepository,
    private readonly source: MovieSource,
  ) {}

  /** Runs `write` in a transaction after making sure the movie row exists (404 if the movie does not). */
  private async withMovie<T>(
    tmdbId: number,
    write: (trx: Transaction<DatabaseSchema>) => Promise<T>,
  ): Promise<T> {
    let facts: MovieFactsRow | undefined;
    if (!(await this.repo.movieExists(tmdbId))) {
      let movie;
      try {
        movie = await this.source.movie(tmdbId);
      } catch (err) {
        if (err instanceof NotFoundError) throw new NotFoundError(MESSAGES.movieNotFound);
        throw err;
      }
      facts = {
        tmdb_id: tmdbId,
        title: movie.title,
        overview: movie.overview ?? '',
        poster_path: movie.poster_path,
        backdrop_path: movie.backdrop_path,
        release_date: movie.release_date || null,
        vote_average: movie.vote_average,
      };
    }
    return this.repo.transaction(async (trx) => {
      if (facts) await this.repo.insertMovie(trx, facts);
      return write(trx);
    });
  }

  /** Whether the account still exists (a deleted account's token is still valid for a while). */
  accountExists(userId: string): Promise<boolean> {
    return this.repo.userExists(userId);
  }

  async like(userId: string, tmdbId: number) {
    const likeId = await this.withMovie(tmdbId, (trx) => this.repo.insertLike(trx, userId, tmdbId));
    if (likeId === undefined) throw new ConflictError(MESSAGES.alreadyLiked);
    return { message: MESSAGES.liked, like_id: likeId };
  }

  async unlike(userId: string, tmdbId: number) {
    if (!(await this.repo.deleteLike(userId, tmdbId))) throw new NotFoundError(MESSAGES.notLiked);
    return { message: MESSAGES.likeRemoved };
  }

  likes(userId: string) {
    return this.repo.listLikes(userId);
  }

  createPlaylist(userId: string, name: string) {
    return this.repo.createPlaylist(userId, name);
  }

  playlists(userId: string, tmdbId?: number) {
    return this.repo.listPlaylists(userId, tmdbId);
  }

  /** 404 when the playlist does not exist, 403 when it is someone else's. */
  private async requireOwnPlaylist(userId: string, playlistId: number): Promise<void> {
    const owner = await this.repo.findPlaylistOwner(playlistId);
    if (owner === undefined) throw new NotFoundError(MESSAGES.playlistNotFound);
    if (owner !== userId) throw new ForbiddenError(MESSAGES.notOwner);
  }

  async deletePlaylist(userId: string, playlistId: number) {
    await this.requireOwnPlaylist(userId, playlistId);
    if (!(await this.repo.deletePlaylist(playlistId, userId)))
      throw new NotFoundError(MESSAGES.playlistNotFound);
    return { message: MESSAGES.playlistDeleted };
  }

  async renamePlaylist(userId: string, playlistId: number, name: string) {
    await this.requireOwnPlaylist(userId, playlistId);
    const renamed = await this.repo.renamePlaylist(playlistId, userId, name);
    if (!renamed) throw new NotFoundError(MESSAGES.playlistNotFound);
    return { message: MESSAGES.playlistRenamed, ...renamed };
  }

  async addToPlaylist(userId: string, playlistId: number, tmdbId: number) {
    await this.requireOwnPlaylist(userId, playlistId);
    const added = await this.withMovie(tmdbId, (trx) => this.repo.addToPlaylist(trx, playlistId, tmdbId));
    if (!added) throw new ConflictError(MESSAGES.alreadyInPlaylist);
    return { message: MESSAGES.addedToPlaylist };
  }

  async removeFromPlaylist(userId: string, playlistId: number, tmdbId: number) {
    await this.requireOwnPlaylist(userId, playlistId);
    if (!(await this.repo.removeFromPlaylist(playlistId, tmdbId)))
      throw new NotFoundError(MESSAGES.notInPlaylist);
    return { message: MESSAGES.removedFromPlaylist };
  }

  async playlistMovies(userId: string, playlistId: number) {
    await this.requireOwnPlaylist(userId, playlistId);
    return this.repo.listPlaylistMovies(playlistId);
  }

  /** Adds one status; the other one, if held, stays (watched is independent of the watchlist). */
  async setWatchStatus(userId: string, tmdbId: number, status: WatchStatusValue) {
    await this.withMovie(tmdbId, (trx) => this.repo.addWatchStatus(trx, userId, tmdbId, status));
    return { message: MESSAGES.statusUpdated, tmdb_id: tmdbId, status };
  }

  /** Clears one status, or both without `status`; 404 when there was nothing to clear. */
  async clearWatchStatus(userId: string, tmdbId: number, status?: WatchStatusValue) {
    if (!(await this.repo.deleteWatchStatus(userId, tmdbId, status))) {
      throw new NotFoundError(
        status === 'watched' ? MESSAGES.notWatched : status ? MESSAGES.notOnWatchlist : MESSAGES.noStatus,
      );
    }
    return { message: MESSAGES.statusCleared };
  }

  watchStatus(userId: string) {
    return this.repo.listWatchStatus(userId);
  }

  async logVisit(userId: string, tmdbId: number) {
    await this.withMovie(tmdbId, (trx) => this.repo.logVisit(trx, userId, tmdbId, RECENTLY_VISITED_LIMIT));
    return { message: MESSAGES.visitLogged };
  }

  recentlyVisited(userId: string) {
    return this.repo.listRecentlyVisited(userId, RECENTLY_VISITED_LIMIT);
  }
}
