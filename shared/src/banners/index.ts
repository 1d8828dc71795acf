export * from './filename.js';
export * from './present.js';
export * from './serialize.js';
export * from './store.js';
