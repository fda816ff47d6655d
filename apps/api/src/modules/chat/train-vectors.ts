// The chat's vectors for a catalog, trained in a child process of the API (decision 0084) and
// written where the chat reads them: `tsx train-vectors.ts <catalog.json> <vectors.bin>`. A new
// catalog's engine then loads them instead of training them on the API's event loop (seconds).
import { CatalogIndex, readCatalogFile } from '@app/catalog';
import { ChatEngine } from './chat-engine';

const [catalogPath, vectorsFile] = process.argv.slice(2);
if (!catalogPath || !vectorsFile) {
  console.error('usage: train-vectors.ts <catalog.json> <vectors.bin>');
  process.exit(2);
}
const started = performance.now();
const catalog = new CatalogIndex(await readCatalogFile(catalogPath), { deferSearchIndex: true });
new ChatEngine(catalog, null, undefined, { vectorsFile }).semantic();
console.log(`chat vectors trained in ${Math.round(performance.now() - started)} ms`);
