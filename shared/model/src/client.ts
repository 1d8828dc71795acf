// The model's entry for API clients (the `pressroom` CLI and the web console bundle it): the
// import's file-name rules, the slug of generated file names, and the vocabulary of design and
// layer types with the file types of each, the webhook event types, the type of a
// layer-property descriptor, and a rotation and a frame's size as the import takes them; without
// zod or anything else of the model.
export { slug } from './banners/filename.js';
export { FRAME_SIZE, type FrameSizeProblem, frameSizeProblem } from './design/frame-size.js';
export { BARE_FILE_NAME, UPLOAD_EXTENSIONS, uploadContentTypeOf } from './design/import-format/sources.js';
export { FILE_TYPES_BY_DESIGN } from './output-formats/index.js';
export { isPrintDesign } from './overrides/context.js';
export type { PropertyDescriptor } from './properties/describe.js';
export {
  DESIGN_TYPES,
  type DesignType,
  LAYER_TYPES,
  type LayerType,
  UNTARGETABLE_LAYER_TYPES,
} from './properties/layer-types.js';
export { importTurn } from './properties/numeric.js';
export { EVENT_TYPES, type EventType } from './webhooks/events.js';
