import { AppError } from '@pressroom/model';

/**
 * A text layer cannot be laid out within its constraints (auto_resize down to min_font_size,
 * max_lines) and truncation was not asked for. Public: 400 `cannot_build_banner`, naming the layer.
 */
export class CannotBuildBannerError extends AppError {
  readonly code = 'cannot_build_banner';
  constructor(
    readonly layer: string,
    readonly reason: string,
  ) {
    super('cannot_build_banner', `Cannot build the banner: the text of layer "${layer}" does not fit (${reason}).`);
    this.name = 'CannotBuildBannerError';
  }
}
