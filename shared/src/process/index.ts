export * from './shutdown.js';
