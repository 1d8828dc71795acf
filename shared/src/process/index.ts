export * from './compiled.js';
export * from './preflight.js';
export * from './shutdown.js';
export * from './signal-policy.js';
