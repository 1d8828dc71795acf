export * from './config/index.js';
export * from './errors/index.js';
export * from './logger.js';
export * from './version.js';
