export * from './add-job.js';
export * from './design-jobs.js';
export * from './render-print.js';
export * from './render-static.js';
