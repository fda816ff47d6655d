import type { UserSettings, UserSettingsPatch } from '@app/contracts';
import type { LibraryReadCache } from '../library/library-read-cache';
import type { SettingsRepository } from './settings.repository';

/**
 * Per-account settings and the set of films they hide. With the embedded database the reads go
 * through the library's read cache, which every library write of the user (and every settings
 * write here) clears, so a film marked watched is hidden on the next request.
 */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly cache: LibraryReadCache | null = null,
  ) {}

  private read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    return this.cache ? this.cache.read(userId, key, load) : load();
  }

  settings(userId: string): Promise<UserSettings> {
    return this.read(userId, 'settings', () => this.repo.get(userId));
  }

  async update(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
    try {
      return await this.repo.update(userId, patch);
    } finally {
      await this.cache?.invalidate(userId);
    }
  }

  /** The films the user has watched, liked, rated or logged (the chat does not offer them again). */
  seenIds(userId: string): Promise<ReadonlySet<number>> {
    return this.read(userId, 'seen-ids', async () => new Set(await this.repo.seenIds(userId)));
  }

  /** The films the user's settings hide right now (empty when the switch is off). */
  hiddenIds(userId: string): Promise<ReadonlySet<number>> {
    return this.read(userId, 'hidden-ids', async () => {
      const s = await this.repo.get(userId);
      return new Set(await this.repo.hiddenIds(userId, s));
    });
  }
}
