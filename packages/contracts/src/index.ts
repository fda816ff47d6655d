export * from './common';
export * from './catalog';
export * from './system';
