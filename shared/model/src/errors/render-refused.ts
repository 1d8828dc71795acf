/**
 * A deterministic "this content cannot be drawn", naming the layer where there is one (an
 * illustration that names nothing drawable, an image that cannot be decoded, text that cannot
 * fit): recorded at once as 400 `cannot_build_banner`, never retried. Thrown by the pure planner
 * and by the render worker alike, so both refusals are one class.
 */
export class RenderRefusedError extends Error {
  readonly code = 'cannot_build_banner';
  constructor(
    message: string,
    readonly layer: string | null = null,
  ) {
    super(message);
    this.name = 'RenderRefusedError';
  }
}
