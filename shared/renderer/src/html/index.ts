export {
  type BuildOptions,
  buildDocument,
  buildFrame,
  buildLayers,
  type Frame,
  type FrameLayers,
  fontStackCss,
  SHELL_DOCUMENT,
} from './build-document.js';
export { FIT_SCRIPT } from './fit-script.js';
export { bundledFacesFor, fallbackFamilies } from './font-faces.js';
export type { FontStack } from './typography.js';
