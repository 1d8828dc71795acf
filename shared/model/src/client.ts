// The model's entry for API clients (the `pressroom` CLI bundles it): the import's file-name rules
// and the slug of generated file names, without zod or anything else of the model.
export { slug } from './banners/filename.js';
export { BARE_FILE_NAME, UPLOAD_EXTENSIONS, uploadContentTypeOf } from './design/import-format/sources.js';
