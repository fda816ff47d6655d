import { CatalogIndex, ensureCatalogFile, silentProgress } from '@app/catalog';
import { join } from 'node:path';
import { ChatEngine, type ConversationState } from '../../src/modules/chat/chat-engine';
import { DATASET_TARBALL, TEST_CATALOG_DIR } from './paths';

let cached: Promise<CatalogIndex> | undefined;

/** The full offline catalog (45k movies), shared by the tests of one worker. */
export function fullCatalog(): Promise<CatalogIndex> {
  cached ??= ensureCatalogFile({
    dataDir: TEST_CATALOG_DIR,
    tarball: DATASET_TARBALL,
    progress: silentProgress,
  }).then((f) => new CatalogIndex(f));
  return cached;
}

/** A new conversation's state, as the chat service starts one. */
export const freshConversation = (): ConversationState => ({
  suggested: [],
  lastPicks: [],
  lastIntent: null,
  lastSeed: null,
});

/** The full catalog and a chat engine over it (its vectors from the test catalog's cache file). */
export async function chatOverFullCatalog(): Promise<{ catalog: CatalogIndex; engine: ChatEngine }> {
  const catalog = await fullCatalog();
  const vectorsFile = join(TEST_CATALOG_DIR, 'catalog', 'chat-vectors.bin');
  return { catalog, engine: new ChatEngine(catalog, null, undefined, { vectorsFile }) };
}
