// The model's public entry: what the other packages use, named one by one (a name not listed here
// is the model's own). A package that needs one more adds it here, beside the module it comes from.
// The client entry (client.ts) and the test helpers (testing.ts) are entries of their own.
export { parseRatio } from './ai/ratio.js';
export {
  AI_OPERATIONS,
  type AiCapabilities,
  type AiOperation,
  aiCapabilitiesFor,
  NO_AI_CAPABILITIES,
  refuseUnavailableAi,
  unavailableMessage,
} from './ai/refusals.js';
export { COMPOSITION_FILE, type Composition, parseComposition, videoSourceFile } from './animation/composition.js';
export { checkAnimatedDelivery, DELIVERY_OPTIONS, gifSize, HTML5_DEFAULT_LOOPS, html5Playback } from './animation/delivery.js';
export { frameCount, frameTime, GIF_FPS, planFrameRanges, VIDEO_FPS } from './animation/frames.js';
export { checkHtml5Bundle, HTML5_MAX_ZIP_BYTES } from './animation/html5-rules.js';
export { parseSoundtrack, SOUNDTRACK_FILE, type Soundtrack, type SoundtrackTrack, soundtrackSourceFile } from './animation/soundtrack.js';
export { bannerFilename } from './banners/filename.js';
export { type TemplateSnapshot, templateSnapshotSchema } from './banners/template-snapshot.js';
export { type ColumnPlan, planColumns, targetName } from './bulk/columns.js';
export {
  BULK_FORMAT_SEPARATOR,
  BULK_MAX_ISSUES,
  BULK_MAX_ROWS,
  BULK_MAX_SHEET_BYTES,
  BULK_RUN_STATUSES,
  BULK_SPECIAL_COLUMNS,
  type BulkRowStatus,
  type BulkRunStatus,
} from './bulk/limits.js';
export { type BulkCell, fileNameIssue, rowIssue, rowRequest } from './bulk/row-body.js';
export { BULK_JOB_FLAG, BULK_JOB_PRIORITY, BULK_RUN_FINISH_TASK, BULK_RUN_PUMP_TASK } from './bulk/run.js';
export { rgbToCmyk, toCmykSpace, toRgbSpace } from './color/convert.js';
export { formatColor } from './color/format.js';
export { parseColor } from './color/parse.js';
export { type PaintSize, toCss } from './color/to-css.js';
export { type Color, type HexColor, isGradient, type SolidColor } from './color/types.js';
export { ConfigError, type ConfigOf, describeConfig, env, loadConfig, option } from './config/define.js';
export { type CreditCosts, creditCostOfFile } from './credits/cost.js';
export { FRAME_SIZE, type FrameSizeProblem, frameSizeProblem } from './design/frame-size.js';
export { ILLUSTRATION_LIBRARIES, illustrationFile } from './design/illustrations.js';
export { fontWeightWarnings } from './design/import-format/font-weights.js';
export { importFromDesignRead } from './design/import-format/from-read.js';
export { DOCUMENT_PAYLOAD_JSON_SCHEMA, IMPORT_PAYLOAD_JSON_SCHEMA } from './design/import-format/json-schema.js';
export { IMPORT_SPELLINGS } from './design/import-format/names.js';
export { type ImportTarget, type ParseImportResult, parseImportPayload } from './design/import-format/parse.js';
export { importPathOfAsset, importSources, replaceImportSources } from './design/import-format/paths.js';
export { type ImportPayload, toImportPayload } from './design/import-format/serialize.js';
export { parseDesignDocument } from './design/parse/document.js';
export { type ResolvedLayer, resolveFrame } from './design/resolve.js';
export {
  isDuplicationExpired,
  serializeDesignNameResult,
  serializeDuplicationAccepted,
  serializeDuplicationStatus,
} from './design/serialize/duplication.js';
export { serializeFormatDetail } from './design/serialize/format-detail.js';
export { serializeDesignRead } from './design/serialize/index.js';
export { type DesignSummaryRecord, serializeDesignListItem, summaryOf } from './design/serialize/listing.js';
export { serializeMultipageRead } from './design/serialize/multipage-read.js';
export type { DesignRecord } from './design/serialize/record.js';
/** The SDK's response shapes, as zod schemas: the control plane documents its responses with them. */
export * as sdkShapes from './design/serialize/sdk-shapes.js';
export {
  type CategoryRecord,
  serializeCategory,
  serializeWorkspaceTemplate,
  type WorkspaceTemplateRecord,
} from './design/serialize/workspace-template.js';
export { resolveSource } from './design/sources.js';
export {
  type AnimatedDesign,
  type Asset,
  type Design,
  type DesignElement,
  type DesignFormat,
  type DesignWarning,
  EASINGS,
  type Easing,
  type ElementAnimation,
  type ElementType,
  type FontFace,
  type FormatDesign,
  type FormatUnit,
  type Keyframe,
  type MultipageDesign,
  type PrinterDesign,
  type PrintUnit,
  type StaticDesign,
  type TextSplit,
  TWEEN_TYPES,
  type Tween,
} from './design/types.js';
export { AppError, type FieldIssue, toEnvelope } from './errors/app-error.js';
export { CodedError } from './errors/coded-error.js';
export type { ErrorId } from './errors/ids.js';
export { RenderRefusedError } from './errors/render-refused.js';
export { formatPath, zodIssuesToFieldIssues } from './errors/zod-issues.js';
export { zipEntryNames } from './exports/entry-names.js';
export { BUNDLED_FONT_SLUGS } from './fonts/bundled.js';
export { defaultFontId, fallbackFamilies, fallbackFontIds } from './fonts/defaults.js';
export { cssString, fontFaceCss } from './fonts/font-face-css.js';
export { fontIdForSlug } from './fonts/font-id.js';
export { compareFontNames, normaliseFontName } from './fonts/normalise-name.js';
export { fontQuerySchema } from './fonts/query-schema.js';
export { nearestWeight, resolveFontFaces } from './fonts/resolve-faces.js';
export { isCatalogueFont, searchFonts } from './fonts/search.js';
export {
  type AvailableWeight,
  FONT_CATEGORIES,
  FONT_TYPES,
  type FontCatalogue,
  type FontCategory,
  type FontFaceFile,
  type FontRecord,
  type FontStyle,
  type FontWeight,
  isFontWeight,
  type UploadedFontFormat,
} from './fonts/types.js';
export { unicodeRangeIncludes } from './fonts/unicode-range.js';
export {
  cssFontFormat,
  documentUsesFont,
  type FontReference,
  UPLOADED_FONT_FAMILY_PREFIX,
  UPLOADED_FONT_MAX_BYTES,
  unicodeRangeOf,
  unknownFontIssues,
  unknownFonts,
  uploadedFontCssFamily,
  weightOfClass,
  withUploadedFonts,
} from './fonts/uploaded.js';
export { assertPlanAllows, type WorkspacePlan } from './generation/plan-check.js';
export {
  type AsyncGenerationRequest,
  checkFileType,
  GENERATION_REQUEST_KINDS,
  type GenerationRequest,
  type GenerationRequestKind,
  generationFieldsJsonSchema,
  PAGE_KEY_PATTERN,
  parseGenerationRequest,
  type RequestForDesign,
  type SyncGenerationRequest,
} from './generation/requests.js';
export {
  AD_NETWORK_ZIP_LIMITS,
  AD_NETWORKS,
  CMYK_COLOR_PROFILES,
  checkOutputOptions,
  gifColours,
  gifFps,
  honouredColorProfiles,
  OUTPUT_OPTION_BOUNDS,
  pngCompressionLevel,
  sameProfileName,
  VENDOR_COLOR_PROFILES,
  x264Crf,
} from './generation/vendor-options.js';
export { strictFailure } from './imports/build-errors.js';
export {
  type ExpectedUpload,
  IMPORT_STATUSES,
  type ImportError,
  type ImportResult,
  type ImportStatus,
  type ImportWarning,
  importErrorSchema,
  importResultSchema,
  importWarningSchema,
  type StoredUpload,
  storedUploadSchema,
} from './imports/stored.js';
export { IMAGE_PIXEL_BUDGET, UPLOAD_CEILING_BYTES, uploadMaxBytes } from './imports/upload-limits.js';
export {
  ANIMATION_ENCODE,
  ANIMATION_FRAMES,
  ANIMATION_HTML5,
  type AnimatedFilePayload,
  type AnimationFramesPayload,
} from './jobs/animation.js';
export {
  type FileJobOwner,
  type JobOwner,
  type JobPayload,
  JobPayloadError,
  type JobTask,
  parseJobPayload,
  readJobOwner,
} from './jobs/contracts.js';
export { DELIVER_WEBHOOK_TASK, type DeliverWebhookPayload } from './jobs/deliver-webhook.js';
export { DESIGN_DUPLICATE_TASK, DESIGN_IMPORT_TASK, DESIGN_PREVIEWS_TASK } from './jobs/design.js';
export { EXPORT_ZIP_TASK } from './jobs/export-zip.js';
export { RETENTION_TASK } from './jobs/maintenance.js';
export {
  colorProfileFlag,
  forbiddenColorProfileFlags,
  MULTIPAGE_OUTPUT,
  type PrintOptions,
  RENDER_PRINT,
  type RenderPrintPayload,
  renderPrintFlags,
} from './jobs/render-print.js';
export {
  JOB_PRIORITY,
  OUTPUT_WIDTH_MAX,
  PRIORITY_CLASSES,
  type PriorityClass,
  RENDER_STATIC,
  type RenderStaticPayload,
} from './jobs/render-static.js';
export { findOutboundError, type OutboundFailureReason, OutboundFetchError } from './outbound/outbound-error.js';
export {
  ANIMATED_FILE_TYPES,
  type AnimatedFileType,
  bannerFileType,
  CONTENT_TYPE,
  contentTypeOf,
  defaultFileType,
  defaultQuality,
  ENCODER_DEFAULTS,
  FILE_TYPES_BY_DESIGN,
  type FileTypeOf,
  type RasterFileType,
  type RequestFileType,
  STATIC_FILE_TYPES,
  type StaticFileType,
} from './output-formats/index.js';
export { checkAgainstDesign } from './overrides/check-against-design.js';
export type { GenerationMode } from './overrides/context.js';
export { VARS_KEY } from './overrides/elements.js';
export type { EncodedImage } from './overrides/encoded.js';
export { DEFAULT_TEXT_TO_IMAGE_MODEL, DEFAULT_UPSCALE_FACTOR } from './overrides/enums.js';
export { type LayerBags, refuseIneffective } from './overrides/ineffective.js';
export { elementsJsonSchema, narrowingOf } from './overrides/json-schema.js';
export { parseOverrides } from './overrides/parse.js';
export { asyncAiShape, propertyShape } from './overrides/properties.js';
export { httpsUrl, prop, WEBHOOK_URL_JSON_SCHEMA, WEBHOOK_URL_PATTERN } from './overrides/rules.js';
export type { AutoFocusSettings, LayerOverride, NormalisedOverrides } from './overrides/types.js';
export { type OverrideUrl, overrideFonts, overrideUrls } from './overrides/urls.js';
export { isPlainObject } from './plain-object.js';
export { RUNS_COMPILED } from './process/compiled.js';
export { type GroupMask, LAYER_CONSTRAINTS, LAYER_PROPERTIES, radiusIsZero, UNTARGETABLE_LAYER_TYPES } from './properties/catalogue.js';
export { describeLayerProperties } from './properties/describe.js';
export { layerTypesFor, PROPERTY_TABLES } from './properties/design-tables.js';
export type { PropertyEntry } from './properties/entry.js';
export { formatBackground, type LayerInput, layerInput, type TypedLayerInput, typedLayerInput } from './properties/input.js';
export { DESIGN_TYPES, type DesignType, LAYER_TYPES, type LayerType } from './properties/layer-types.js';
export { type DesignRange, importTurn, missesBound, NUMERIC_PROPERTIES, type NumericRange } from './properties/numeric.js';
export { OVERRIDABLE_NAMES, overrideOn } from './properties/overridable.js';
export {
  BOX_ALIGNMENTS,
  CURVED_SHAPE_TYPES,
  DUOTONE_NAMES,
  type IllustrationType,
  JUSTIFIED_ALIGNMENTS,
  MASK_NAMES,
  PATTERN_NAMES,
  SHAPE_TYPES,
  type ShapeType,
  TEXT_ALIGNMENTS,
  twoTokenAlignment,
} from './properties/values.js';
export { InvalidObjectKeyError, isObjectNotFound, ObjectNotFoundError } from './storage/errors.js';
export { API_VERSION } from './version.js';
export {
  type AttemptResult,
  classifyAttempt,
  type DeactivationReason,
  type Outcome,
  resultClass,
  type TargetKind,
} from './webhooks/classify.js';
export {
  type BulkRunFinishedPayload,
  EVENT_TYPES,
  type EventPayload,
  type EventType,
  isEventType,
  newBannerBatchEvent,
  newBannerEvent,
  newExportEvent,
  subscriptionEventTypesSchema,
  templateStatusEvent,
} from './webhooks/events.js';
export { DEFAULT_GAPS_MS, maxAttempts, parseGaps, parseRetryAfter, planNextAttempt, type RetrySchedule } from './webhooks/schedule.js';
export {
  advertiseCapabilities,
  checkColorProfileOnFarm,
  FARM_AI_OPERATIONS,
  type FarmColorProfile,
  farmCapabilities,
  parseWorkerCapabilities,
  unheldProfileReason,
  type WorkerCapabilities,
  watchUnheldProfiles,
} from './worker/capabilities.js';
