/** Bytes a render uses, as loaded: an image, a font, a video or audio file. */
export interface Resource {
  bytes: Buffer;
  contentType: string;
}
