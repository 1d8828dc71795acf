export * from './heartbeat.js';
export * from './runtime.js';
export * from './supervise.js';
