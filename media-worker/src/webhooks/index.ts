export * from './deliver-task.js';
export * from './transport.js';
