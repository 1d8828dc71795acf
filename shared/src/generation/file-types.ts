import type { DesignType } from '../design/types.js';
import { AppError } from '../errors/index.js';

/** Output file types each design type produces (spec, What the service does §3). */
export const FILE_TYPES_BY_DESIGN: Record<DesignType, readonly string[]> = {
  static: ['jpeg', 'png', 'webp', 'avif', 'pdf'],
  animated: ['mp4', 'gif', 'html5'],
  printer: ['pdf'],
  printer_multipage: ['pdf'],
};

const DEFAULT_FILE_TYPE: Record<DesignType, string> = { static: 'jpeg', animated: 'mp4', printer: 'pdf', printer_multipage: 'pdf' };

/** `image_file_type` checked against the design type; absent = the design's default (or the type's). */
export function resolveFileType(designType: DesignType, requested: string | undefined, designDefault?: string | null): string {
  const allowed = FILE_TYPES_BY_DESIGN[designType];
  if (requested === undefined) return designDefault && allowed.includes(designDefault) ? designDefault : DEFAULT_FILE_TYPE[designType];
  const value = requested.toLowerCase() === 'jpg' ? 'jpeg' : requested.toLowerCase();
  if (!allowed.includes(value)) {
    throw new AppError('invalid_filetype', `A ${designType} design produces ${allowed.join(', ')}; "${requested}" is not one of them.`, {
      issues: [{ path: 'image_file_type', code: 'invalid_filetype', message: `must be one of ${allowed.join(', ')}`, received: requested }],
    });
  }
  return value;
}
