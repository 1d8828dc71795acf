export * from './app-error.js';
export * from './ids.js';
export * from './zod-issues.js';
