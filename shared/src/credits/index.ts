export * from './credits.js';
