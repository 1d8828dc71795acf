/**
 * The design model: the stored/import document (`types.ts`), its parser, pure read serializers
 * and the per-format resolution renderers build on.
 */
export { type ParseDesignResult, parseDesignDocument, SOURCE_PROPS } from './parse/document.js';
export * from './print.js';
export { ALL_PROPERTY_NAMES, layerTypesFor, PROPERTY_TABLES, type PropSpec } from './properties/index.js';
export * from './resolve.js';
export * from './serialize/index.js';
export * from './sources.js';
export * from './types.js';
