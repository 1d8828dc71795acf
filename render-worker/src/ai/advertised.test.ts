import { describe, expect, it } from 'vitest';
import { workerAiCapabilities } from './advertised.js';

describe('workerAiCapabilities', () => {
  const files = new Set(['/models/rmbg.onnx']);
  const isFile = (p: string) => files.has(p);

  it('advertises the configured operations whose model file is there, and names the missing ones', () => {
    const { ai, missing } = workerAiCapabilities(
      {
        aiRemoveBgModel: '/models/rmbg.onnx',
        aiUpscaleModel: '/models/gone.onnx',
        aiTextToImageProvider: 'http',
        aiExpandProvider: 'none',
        aiFocusDetectorModel: '/models/yolo.onnx',
        aiFocusDetectorLabels: 'person',
      },
      isFile,
    );
    expect([...ai.operations].sort()).toEqual(['remove_bg', 'text_to_image']);
    expect(ai.focusDetector).toBe(false);
    expect(missing).toEqual(['/models/gone.onnx', '/models/yolo.onnx']);
  });

  it('advertises nothing when nothing is configured', () => {
    const { ai, missing } = workerAiCapabilities({ aiTextToImageProvider: 'none', aiExpandProvider: 'none' }, isFile);
    expect(ai.operations.size).toBe(0);
    expect(missing).toEqual([]);
  });
});
