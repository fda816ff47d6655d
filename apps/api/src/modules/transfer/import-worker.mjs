// The import's worker thread (decision 0090): TypeScript through tsx's loader, registered in this
// thread, so that the same file runs under the tests and beside the compiled bundle (which keeps
// the sources and tsx, as the catalog's child processes do).
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
