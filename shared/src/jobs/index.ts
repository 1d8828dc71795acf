export * from './add-job.js';
export * from './design-jobs.js';
export * from './export-zip.js';
export * from './render-print.js';
export * from './render-static.js';
