import sharp from 'sharp';
import '../encode/encode-image.js'; // turns libvips' operation cache off for this process too

/** auto_focus: the image cropped to the box's aspect around what draws the eye (sharp's attention strategy). */
export async function attentionCrop(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(bytes)
    .resize(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)), { fit: 'cover', position: 'attention' })
    .png()
    .toBuffer();
}
