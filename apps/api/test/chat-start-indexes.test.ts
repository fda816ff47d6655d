import { describe, expect, it } from 'vitest';
import { buildExactTitles, buildExactTitlesNow } from '../src/modules/chat/exact-titles';
import { buildChatKeywords, chatKeywordsNow } from '../src/modules/chat/keyword-index';
import { fullCatalog } from './helpers/catalog';

/**
 * The chat's indexes that grow with the catalog (its exact titles: about 10 s in one task at a
 * million films; its keywords: a few seconds) are built once the server listens, in slices between
 * requests (issue 42's start at a million titles): built so, they are the same as built in one task.
 */
describe("the chat's indexes built in slices", () => {
  it('exact titles: the index built in one task', async () => {
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

  it('keywords: the same films per keyword and the same themes, in the same order', async () => {
    const catalog = await fullCatalog();
    const whole = chatKeywordsNow(catalog);
    const sliced = await buildChatKeywords(catalog);
    expect(whole.byKeyword.size).toBeGreaterThan(5_000);
    expect([...sliced.vocabulary]).toEqual([...whole.vocabulary]);
    expect([...sliced.byKeyword.keys()]).toEqual([...whole.byKeyword.keys()]);
    for (const [k, films] of whole.byKeyword) expect([...sliced.byKeyword.get(k)!], k).toEqual([...films]);
    // Themes are keywords on several films, never a stop-listed word.
    expect(whole.vocabulary.has('heist')).toBe(true);
    expect(whole.vocabulary.has('love')).toBe(false);
    for (const k of whole.vocabulary) expect(whole.byKeyword.get(k)!.size).toBeGreaterThanOrEqual(8);
  });
});
