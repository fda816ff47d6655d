import type { CatalogIndex } from '@app/catalog';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { TEST_CATALOG_DIR } from '../../../test/helpers/paths';
import { ChatEngine, type ConversationState } from './chat-engine';

const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
const fresh = (): ConversationState => ({ suggested: [], lastPicks: [], lastIntent: null, lastSeed: null });

let catalog: CatalogIndex;
beforeAll(async () => {
  catalog = await fullCatalog();
}, 120_000);

describe('text with no letters the titles are written in (decision 0098)', () => {
  it.each(['😀😀😀😀😀😀😀😀', '𝕏𝕐𝕫𝔸𝔹😀🎬🍿', '𠜎𠜱𠝹𠱓𠱸𠲖𠳏𠳕', '💀💀💀 ☠️☠️', '%%%% #### &&&'])(
    '"%s" names no film, and is answered at once without the vectors',
    async (text) => {
      // A cold engine: before the fix, such text matched the films whose titles have no Latin
      // letters ("Spirited Away" by its Japanese title) and loaded (or trained) the vectors.
      const engine = new ChatEngine(catalog, null, undefined, { vectorsFile });
      const semantic = vi.spyOn(engine, 'semantic');
      // Its keyword index (made in slices once a server listens) is no part of the answer's time.
      await engine.prepareKeywords();
      expect(engine.resolveTitle(text)).toBeNull();
      // At once: without the vectors (the spy), not by a clock on a busy machine.
      const a = await engine.answer(text, fresh());
      expect(a.picks).toEqual([]);
      expect(a.message).not.toMatch(/Spirited Away|films like/);
      expect(semantic).not.toHaveBeenCalled();
    },
  );

  it('a title of digits is still found by its exact name; letters are still matched loosely', () => {
    const engine = new ChatEngine(catalog, null, undefined, { vectorsFile, semantic: false });
    expect(engine.resolveTitle('300')?.movie.title).toBe('300');
    expect(engine.resolveTitle('4567 ###')).toBeNull();
    expect(engine.resolveTitle('spirited away')?.movie.title).toBe('Spirited Away');
    expect(engine.resolveTitle('千と千尋の神隠し')).toBeNull();
  });
});
