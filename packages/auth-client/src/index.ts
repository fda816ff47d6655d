export * from './auth-client';
export * from './messages';
