export * from './cost.js';
export * from './credits.js';
