export * from './finish.js';
export * from './pump.js';
export * from './results.js';
export * from './sheet.js';
