/**
 * A large catalog: past this many films, what grows with the catalog is made once the server
 * listens (the chat's indexes, decision 0109) and what is seldom used is made on first use and let
 * go when idle (the import thread, decision 0138). The offline catalog (45k) is small.
 */
export const LARGE_CATALOG_FILMS = 100_000;
