export * from './design-source.js';
export * from './notify.js';
export * from './plan-check.js';
export * from './record-outcome.js';
export * from './requests.js';
export * from './requests-store.js';
