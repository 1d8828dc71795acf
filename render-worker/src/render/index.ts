export { CannotBuildBannerError } from './errors.js';
export { focusCrop } from './focus.js';
export { type EncodeCapture, loadPlan, type RenderToImageInput, renderToImage } from './render-to-image.js';
export {
  CONTENT_TYPES,
  OUTPUT_TYPES,
  type OutputType,
  type RegisterAsset,
  type RenderedFile,
  type RenderOutput,
  type Resource,
} from './types.js';
export { warmPages } from './warm-pages.js';
