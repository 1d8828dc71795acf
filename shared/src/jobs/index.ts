export * from './add-job.js';
export * from './render-static.js';
