export * from './common';
export * from './catalog';
export * from './system';
export * from './library';
export * from './genres';
export * from './recommendations';
