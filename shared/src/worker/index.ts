export * from './heartbeat.js';
export * from './runtime.js';
