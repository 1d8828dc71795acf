export * from './common.js';
export * from './define.js';
