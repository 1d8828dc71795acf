import { existsSync, statSync } from 'node:fs';
import type { AiCapabilities, AiOperation } from '@pressroom/model';
import { aiCapabilitiesOf } from '@pressroom/platform';

type AiConfig = Parameters<typeof aiCapabilitiesOf>[0];

/** The local model file each operation needs; an operation whose file is missing is not advertised. */
const MODEL_FILES: Partial<Record<AiOperation, (config: AiConfig) => string | undefined>> = {
  remove_bg: (c) => c.aiRemoveBgModel,
  upscale: (c) => c.aiUpscaleModel,
};

/**
 * What this worker can run, as it advertises it with its heartbeat (GET /capabilities): the
 * configured operations, less those whose model file is not there (the worker would fail every
 * such file). Pure given `isFile`; the missing files are returned so the entry can log them.
 */
export function workerAiCapabilities(config: AiConfig, isFile: (path: string) => boolean): { ai: AiCapabilities; missing: string[] } {
  const configured = aiCapabilitiesOf(config);
  const missing: string[] = [];
  const operations = new Set(
    [...configured.operations].filter((op) => {
      const path = MODEL_FILES[op]?.(config);
      if (path === undefined || isFile(path)) return true;
      missing.push(path);
      return false;
    }),
  );
  const detector = configured.focusDetector && isFile(config.aiFocusDetectorModel!);
  if (configured.focusDetector && !detector) missing.push(config.aiFocusDetectorModel!);
  const ai: AiCapabilities = detector
    ? { operations, focusDetector: true, ...(configured.focusLabels ? { focusLabels: configured.focusLabels } : {}) }
    : { operations, focusDetector: false };
  return { ai, missing };
}

export function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
