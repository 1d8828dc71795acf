/**
 * A deterministic "this content cannot be drawn", naming the layer where there is one (an
 * illustration that names nothing drawable, an image that cannot be decoded, text that cannot
 * fit): recorded at once as 400 `cannot_build_banner`, never retried. Thrown by the pure planner
 * and by the render worker alike, so every refusal is this one class.
 */
export class RenderRefusedError extends Error {
  readonly code = 'cannot_build_banner';
  constructor(
    message: string,
    readonly layer: string | null = null,
    /** Set when a text cannot fit its box (auto_resize down to min_font_size, max_lines): why. */
    readonly textFitReason: string | null = null,
  ) {
    super(message);
    this.name = 'RenderRefusedError';
  }

  /** A text layer cannot be laid out within its constraints and truncation was not asked for. */
  static textDoesNotFit(layer: string, reason: string): RenderRefusedError {
    return new RenderRefusedError(`Cannot build the banner: the text of layer "${layer}" does not fit (${reason}).`, layer, reason);
  }
}
