import { AppError } from '../errors/app-error.js';
import type { DesignType } from '../properties/layer-types.js';

export type WorkspacePlan = 'pro' | 'basic' | 'no-api';

/**
 * The one plan gate of every generation endpoint: the `basic` plan renders static designs only;
 * animated and print need a higher plan (429 feature_not_in_plan, never retryable, no errors[]).
 */
export function assertPlanAllows(plan: WorkspacePlan, designType: DesignType): void {
  if (plan === 'basic' && designType !== 'static') {
    throw new AppError('feature_not_in_plan', `The workspace plan does not include ${designType} designs.`);
  }
}
