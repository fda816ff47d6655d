import { describe, expect, it } from 'vitest';
import { buildExactTitles, buildExactTitlesNow } from '../src/modules/chat/exact-titles';
import { fullCatalog } from './helpers/catalog';

/**
 * The chat's exact titles grow with the catalog (about 10 s in one task at a million films), so a
 * server builds them once listening, in slices between requests (issue 42's start at a million
 * titles): built so, they are the same index as built in one task.
 */
describe('exact titles', () => {
  it('built in slices, they are the index built in one task', async () => {
    const catalog = await fullCatalog();
    const whole = buildExactTitlesNow(catalog);
    const sliced = await buildExactTitles(catalog);
    expect(whole.size).toBeGreaterThan(40_000);
    expect(sliced.size).toBe(whole.size);
    for (const [key, films] of whole)
      expect(
        sliced.get(key)?.map((m) => m.id),
        key,
      ).toEqual(films.map((m) => m.id));
    // Titles in other languages are in both ("Il padrino" → The Godfather).
    expect(sliced.get('il padrino')?.map((m) => m.title)).toContain('The Godfather');
  });
});
