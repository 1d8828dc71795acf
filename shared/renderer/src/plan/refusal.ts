import { AppError } from '@pressroom/model';

/**
 * A layer the renderer cannot draw as stored or requested (an illustration that names nothing
 * drawable): public 400 `cannot_build_banner`, naming the layer, instead of an empty box.
 */
export class LayerRefusedError extends AppError {
  readonly code = 'cannot_build_banner';
  constructor(
    readonly layer: string,
    message: string,
  ) {
    super('cannot_build_banner', message);
    this.name = 'LayerRefusedError';
  }
}
