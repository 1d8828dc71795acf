import type { AudioProperties, CodeProperties, VideoProperties } from '../types.js';
import { SHARED_PROPS } from './shared.js';
import { bool, numeric, oneOf, type PropSpec, source, text } from './spec.js';

export const VIDEO_PROPS = {
  ...SHARED_PROPS,
  video_url: { schema: source(), required: true, help: 'Video source (mp4)' },
  video_duration: { schema: numeric('video_duration'), help: 'Seconds of the video to play' },
  video_muted: { schema: bool(), default: false, help: 'Mute the video' },
  max_volume: { schema: numeric('max_volume'), default: 1, help: 'Volume, 0 to 1' },
  fitting_type: { schema: oneOf(['cover', 'fill']), default: 'cover', help: 'cover crops to fill the box; fill shows the whole video' },
} satisfies Record<keyof VideoProperties, PropSpec>;

export const AUDIO_PROPS = {
  ...SHARED_PROPS,
  audio_url: { schema: source(), required: true, help: 'Audio source (mp3, wav)' },
  audio_muted: { schema: bool(), default: false, help: 'Mute the audio' },
  max_volume: { schema: numeric('max_volume'), default: 1, help: 'Volume, 0 to 1' },
  speed: { schema: numeric('speed'), default: 1, help: 'Playback speed' },
} satisfies Record<keyof AudioProperties, PropSpec>;

export const CODE_PROPS = {
  ...SHARED_PROPS,
  html: { schema: text(0, 200_000), required: true, help: 'Custom HTML of the layer (read-only)' },
} satisfies Record<keyof CodeProperties, PropSpec>;
