// The whole client: the session (also alone at `@app/auth-client/session`, which every page
// loads) and the account flows on `better-auth/client` (only the auth screens load them).
export * from './flows';
export * from './messages';
export * from './popup';
export * from './session';
