import { randomBytes } from 'node:crypto';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { MESSAGES } from '../library/library.service';
import type { TransferRepository } from './transfer.repository';

/** 16 random bytes (128 bits) as base64url: 22 characters of [A-Za-z0-9_-]. */
export const newSlug = () => randomBytes(16).toString('base64url');
const SLUG = /^[A-Za-z0-9_-]{22,64}$/;

export const SHARE_MESSAGES = {
  notPublic: 'This list is private or no longer exists',
} as const;

const share = (slug: string | null) => ({ public_slug: slug, path: slug ? `/p/${slug}` : null });

/**
 * Public playlists: the owner turns a playlist's public link on (a new unguessable slug each time)
 * or off (the slug is forgotten, so the old link is a 404 for good). Anyone may read a public one.
 */
export class SharingService {
  constructor(
    private readonly repo: TransferRepository,
    /**
     * Called after the owner changed a playlist: their cached library reads must go, on every
     * instance, before the change is answered (decisions 0091, 0099).
     */
    private readonly onWrite: (userId: string) => void | Promise<void> = () => {},
  ) {}

  private async requireOwn(userId: string, playlistId: number) {
    const p = await this.repo.findPlaylist(playlistId);
    if (!p) throw new NotFoundError(MESSAGES.playlistNotFound);
    if (p.user_id !== userId) throw new ForbiddenError(MESSAGES.notOwner);
    return p;
  }

  async get(userId: string, playlistId: number) {
    return share((await this.requireOwn(userId, playlistId)).public_slug);
  }

  /** Makes the playlist public; already public, it keeps its link. */
  async publish(userId: string, playlistId: number) {
    await this.requireOwn(userId, playlistId);
    const slug = await this.repo.publish(playlistId, userId, newSlug());
    await this.onWrite(userId);
    if (!slug) throw new NotFoundError(MESSAGES.playlistNotFound);
    return share(slug);
  }

  async unpublish(userId: string, playlistId: number) {
    await this.requireOwn(userId, playlistId);
    if (!(await this.repo.unpublish(playlistId, userId))) throw new NotFoundError(MESSAGES.playlistNotFound);
    await this.onWrite(userId);
    return share(null);
  }

  async read(slug: string) {
    const p = SLUG.test(slug) ? await this.repo.publicPlaylist(slug) : undefined;
    if (!p) throw new NotFoundError(SHARE_MESSAGES.notPublic);
    return p;
  }

  /** The sharing tags of a public playlist's page, or null (never throws: the page is served anyway). */
  async meta(slug: string) {
    try {
      return SLUG.test(slug) ? ((await this.repo.publicPlaylist(slug)) ?? null) : null;
    } catch {
      return null;
    }
  }
}
