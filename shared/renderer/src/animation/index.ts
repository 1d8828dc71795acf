export * from './composition.js';
export * from './html5.js';
export * from './media-layers.js';
export * from './player.js';
export * from './timeline.js';
