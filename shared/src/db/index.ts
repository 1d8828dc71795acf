export * from './connect.js';
export * from './connection-errors.js';
export * from './embedded.js';
export * from './migrate.js';
export * from './pool.js';
