import { LIBRARY_MESSAGES } from '@app/contracts';
import { RECENTLY_VISITED_LIMIT } from '@app/contracts';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import type { LibraryReadCache } from './library-read-cache';
import type { LibraryRepository, MovieFactsRow, WatchStatusValue } from './library.repository';

/** The library's answers (@app/contracts/messages: the browser checks and shows the same). */
export const MESSAGES = LIBRARY_MESSAGES;

/**
 * The personal library's rules. Movie facts are copied from the movie source on the first write
 * that needs them, inside the same transaction as that write; a DELETE never fetches or creates.
 */
export class LibraryService {
  constructor(
    private readonly repo: LibraryRepository,
    private readonly source: MovieSource,
    /** The read cache (see LibraryReadCache): the embedded database's, or PostgreSQL's with Redis. */
    private readonly cache: LibraryReadCache | null = null,
  ) {}

  /** A read of the user's, from the cache when there is one (`generation`: see LibraryReadCache.read). */
  private read<T>(userId: string, key: string, load: () => Promise<T>, generation?: string): Promise<T> {
    return this.cache ? this.cache.read(userId, key, load, generation) : load();
  }

  /** A write of the user's: their cached reads go, whether it succeeded or not. */
  private async write<T>(userId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      // With Redis, every instance's copies end before the write is answered.
      await this.cache?.invalidate(userId);
    }
  }

  /** Runs `write` in a transaction after making sure the movie row exists (404 if the movie does not). */
  async withMovie<T>(tmdbId: number, write: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
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
  /**
   * Whether the token's account still exists (checked on every user request). With the read
   * cache an existing account is remembered like a read: deleting it invalidates the user's
   * entry (Better Auth's afterDelete hook), so the next request asks the database again.
   */
  async accountExists(userId: string): Promise<boolean> {
    if (!this.cache) return this.repo.userExists(userId);
    const exists = await this.cache.read(userId, 'account-exists', () => this.repo.userExists(userId));
    if (!exists) await this.cache.invalidate(userId);
    return exists;
  }

  like(userId: string, tmdbId: number) {
    return this.write(userId, async () => {
      const likeId = await this.withMovie(tmdbId, (trx) => this.repo.insertLike(trx, userId, tmdbId));
      if (likeId === undefined) throw new ConflictError(MESSAGES.alreadyLiked);
      return { message: MESSAGES.liked, like_id: likeId };
    });
  }

  unlike(userId: string, tmdbId: number) {
    return this.write(userId, async () => {
      if (!(await this.repo.deleteLike(userId, tmdbId))) throw new NotFoundError(MESSAGES.notLiked);
      return { message: MESSAGES.likeRemoved };
    });
  }

  /** `generation`: the user's generation as the request's session check read it (decision 0091). */
  likes(userId: string, generation?: string) {
    return this.read(userId, 'likes', () => this.repo.listLikes(userId), generation);
  }

  /**
   * The user's likes if the read cache holds them and holds that the account exists (what a
   * request through the route would read from it); undefined otherwise.
   */
  cachedLikes(userId: string): Awaited<ReturnType<LibraryRepository['listLikes']>> | undefined {
    if (this.cache?.cached<boolean>(userId, 'account-exists') !== true) return undefined;
    return this.cache.cached(userId, 'likes');
  }

  createPlaylist(userId: string, name: string) {
    return this.write(userId, () => nameTaken(this.repo.createPlaylist(userId, name)));
  }

  playlists(userId: string, tmdbId?: number) {
    return this.read(userId, tmdbId === undefined ? 'playlists' : `playlists:${tmdbId}`, () =>
      this.repo.listPlaylists(userId, tmdbId),
    );
  }

  /** 404 when the playlist does not exist, 403 when it is someone else's. */
  private async requireOwnPlaylist(userId: string, playlistId: number): Promise<void> {
    const owner = await this.repo.findPlaylistOwner(playlistId);
    if (owner === undefined) throw new NotFoundError(MESSAGES.playlistNotFound);
    if (owner !== userId) throw new ForbiddenError(MESSAGES.notOwner);
  }

  deletePlaylist(userId: string, playlistId: number) {
    return this.write(userId, async () => {
      await this.requireOwnPlaylist(userId, playlistId);
      if (!(await this.repo.deletePlaylist(playlistId, userId)))
        throw new NotFoundError(MESSAGES.playlistNotFound);
      return { message: MESSAGES.playlistDeleted };
    });
  }

  renamePlaylist(userId: string, playlistId: number, name: string) {
    return this.write(userId, async () => {
      await this.requireOwnPlaylist(userId, playlistId);
      const renamed = await nameTaken(this.repo.renamePlaylist(playlistId, userId, name));
      if (!renamed) throw new NotFoundError(MESSAGES.playlistNotFound);
      return { message: MESSAGES.playlistRenamed, ...renamed };
    });
  }

  addToPlaylist(userId: string, playlistId: number, tmdbId: number) {
    return this.write(userId, async () => {
      await this.requireOwnPlaylist(userId, playlistId);
      const added = await this.withMovie(tmdbId, (trx) => this.repo.addToPlaylist(trx, playlistId, tmdbId));
      if (!added) throw new ConflictError(MESSAGES.alreadyInPlaylist);
      return { message: MESSAGES.addedToPlaylist };
    });
  }

  removeFromPlaylist(userId: string, playlistId: number, tmdbId: number) {
    return this.write(userId, async () => {
      await this.requireOwnPlaylist(userId, playlistId);
      if (!(await this.repo.removeFromPlaylist(playlistId, tmdbId)))
        throw new NotFoundError(MESSAGES.notInPlaylist);
      return { message: MESSAGES.removedFromPlaylist };
    });
  }

  playlistMovies(userId: string, playlistId: number) {
    // Only the owner's successful read is kept (a 403 or 404 throws before anything is stored).
    return this.read(userId, `playlist:${playlistId}`, async () => {
      await this.requireOwnPlaylist(userId, playlistId);
      return this.repo.listPlaylistMovies(playlistId);
    });
  }

  /** Adds one status; the other one, if held, stays (watched is independent of the watchlist). */
  setWatchStatus(userId: string, tmdbId: number, status: WatchStatusValue) {
    return this.write(userId, async () => {
      await this.withMovie(tmdbId, (trx) => this.repo.addWatchStatus(trx, userId, tmdbId, status));
      return { message: MESSAGES.statusUpdated, tmdb_id: tmdbId, status };
    });
  }

  /** Clears one status, or both without `status`; 404 when there was nothing to clear. */
  clearWatchStatus(userId: string, tmdbId: number, status?: WatchStatusValue) {
    return this.write(userId, async () => {
      // A viewing in the diary means the movie was watched (decisions/0013).
      if (status !== 'want_to_watch' && (await this.repo.hasDiaryEntries(userId, tmdbId)))
        throw new ConflictError(MESSAGES.inDiary);
      if (!(await this.repo.deleteWatchStatus(userId, tmdbId, status))) {
        throw new NotFoundError(
          status === 'watched' ? MESSAGES.notWatched : status ? MESSAGES.notOnWatchlist : MESSAGES.noStatus,
        );
      }
      return { message: MESSAGES.statusCleared };
    });
  }

  watchStatus(userId: string) {
    return this.read(userId, 'watch-status', () => this.repo.listWatchStatus(userId));
  }

  logVisit(userId: string, tmdbId: number) {
    return this.write(userId, async () => {
      await this.withMovie(tmdbId, (trx) => this.repo.logVisit(trx, userId, tmdbId, RECENTLY_VISITED_LIMIT));
      return { message: MESSAGES.visitLogged };
    });
  }

  removeVisit(userId: string, tmdbId: number) {
    return this.write(userId, async () => {
      if (!(await this.repo.removeVisit(userId, tmdbId))) throw new NotFoundError(MESSAGES.notVisited);
      return { message: MESSAGES.visitRemoved };
    });
  }

  clearVisits(userId: string) {
    return this.write(userId, async () => {
      await this.repo.clearVisits(userId);
      return { message: MESSAGES.visitsCleared };
    });
  }

  restoreVisits(userId: string, visits: readonly { tmdb_id: number; visited_at: string }[]) {
    return this.write(userId, async () => {
      await this.repo.transaction((trx) =>
        this.repo.restoreVisits(trx, userId, visits, RECENTLY_VISITED_LIMIT),
      );
      return { message: MESSAGES.visitsRestored };
    });
  }

  recentlyVisited(userId: string) {
    return this.read(userId, 'recently-visited', () =>
      this.repo.listRecentlyVisited(userId, RECENTLY_VISITED_LIMIT),
    );
  }
}

/**
 * A playlist write that broke the rule of unique names (ignoring case; the database's index, so two
 * requests at once cannot both pass): 409 with what to do (decision 0066).
 */
async function nameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const { code, constraint } = (err ?? {}) as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'playlists_user_name_idx'))
      throw new ConflictError(MESSAGES.playlistNameTaken);
    throw err;
  }
}
