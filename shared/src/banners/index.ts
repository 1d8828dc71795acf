export * from './filename.js';
export * from './present.js';
export * from './record.js';
export * from './serialize.js';
export * from './store.js';
