export * from './connect.js';
export * from './embedded.js';
export * from './migrate.js';
export * from './pool.js';
