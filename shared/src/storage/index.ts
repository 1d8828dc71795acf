export * from './storage.js';
