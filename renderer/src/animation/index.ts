export * from './frames.js';
export * from './html5.js';
export * from './player.js';
export * from './timeline.js';
