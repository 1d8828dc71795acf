export * from './animation/index.js';
export * from './html/index.js';
export * from './plan/index.js';
