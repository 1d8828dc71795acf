export * from './entry-names.js';
export * from './store.js';
