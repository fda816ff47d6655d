export * from './types';
export * from './genres';
export * from './python-literal';
export * from './build';
export * from './load';
export * from './catalog-index';
export * from './synthetic';
export * from './semantic';
