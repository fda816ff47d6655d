export {
  catalogGenerationPath,
  currentCatalogPath,
  readCurrentCatalog,
  syncedCatalogPath,
  type CurrentCatalog,
} from './files';
export { movieFromDetails, rejectReason, type TmdbMovieDetails } from './map';
export {
  runCatalogSync,
  SyncConfigError,
  DEFAULT_MAX_DETAILS,
  DEFAULT_TMDB_EXPORTS_URL,
  type CatalogSyncOptions,
  type CatalogSyncSummary,
} from './run';
export { SyncLockedError } from './state';
