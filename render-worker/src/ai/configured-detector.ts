import { detectorLabels } from '@pressroom/platform';
import type { RenderWorkerConfig } from '../config.js';
import type { FocusDetector } from '../static/focus.js';
import { createOnnxDetector } from './detector.js';

/** The auto_focus detector of this worker's configuration; null without AI_FOCUS_DETECTOR_MODEL. */
export function createConfiguredDetector(config: RenderWorkerConfig): FocusDetector | null {
  if (!config.aiFocusDetectorModel) return null;
  const labels = detectorLabels(config.aiFocusDetectorLabels);
  return {
    labels,
    detect: createOnnxDetector({
      path: config.aiFocusDetectorModel,
      labels,
      normalisation: config.aiFocusDetectorNormalisation,
      inputSize: config.aiFocusDetectorInputSize,
      minScore: config.aiFocusDetectorMinScore,
    }),
  };
}
