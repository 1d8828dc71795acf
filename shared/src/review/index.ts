export * from './review.js';
