export { focusCrop } from './focus.js';
export { type EncodeCapture, loadPlan, type RenderToImageInput, renderOnPooledPage, renderToImage } from './render-to-image.js';
export type {
  RegisterAsset,
  RenderedFile,
  RenderOutput,
  Resource,
} from './types.js';
export { warmPages } from './warm-pages.js';
