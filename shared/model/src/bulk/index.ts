export * from './columns.js';
export * from './limits.js';
export * from './row-body.js';
export * from './run.js';
