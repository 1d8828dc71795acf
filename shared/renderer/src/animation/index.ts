export * from './composition.js';
export * from './html5.js';
export * from './media-layers.js';
export * from './player.js';
export * from './raster-scales.js';
export * from './timeline.js';
