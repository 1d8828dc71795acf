export {
  FRAMES_PER_RANGE,
  type FrameRange,
  frameCount,
  frameTime,
  GIF_FPS,
  planFrameRanges,
  RANGE_LANES,
  VIDEO_FPS,
} from '@pressroom/model';
export * from './html5.js';
export * from './media-layers.js';
export * from './player.js';
export * from './timeline.js';
