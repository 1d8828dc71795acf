export * from './font-weights.js';
export * from './from-read.js';
export * from './json-schema.js';
export * from './names.js';
export * from './parse.js';
export * from './paths.js';
export * from './serialize.js';
export * from './sources.js';
