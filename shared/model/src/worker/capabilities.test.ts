import { describe, expect, it } from 'vitest';
import { type AiCapabilities, NO_AI_CAPABILITIES } from '../ai/refusals.js';
import { advertiseCapabilities, farmCapabilities, parseWorkerCapabilities } from './capabilities.js';

const REMOVE_BG: AiCapabilities = { operations: new Set(['remove_bg']), focusDetector: false };
const ALL: AiCapabilities = {
  operations: new Set(['remove_bg', 'upscale', 'expand', 'text_to_image']),
  focusDetector: true,
  focusLabels: new Set(['person', 'dog']),
};

describe('worker capabilities', () => {
  it('round-trips what a worker advertises; an unreadable record is none, an unknown operation is dropped', () => {
    const record = JSON.parse(JSON.stringify(advertiseCapabilities(ALL)));
    expect(parseWorkerCapabilities(record)).toEqual({
      v: 1,
      ai: { operations: ['remove_bg', 'upscale', 'expand', 'text_to_image'], focus_detector: true, focus_labels: ['person', 'dog'] },
    });
    expect(parseWorkerCapabilities(null)).toBeNull();
    expect(parseWorkerCapabilities({ ai: 'yes' })).toBeNull();
    expect(parseWorkerCapabilities({ v: 2, ai: { operations: ['remove_bg', 'teleport'], focus_detector: false } })?.ai?.operations).toEqual(
      ['remove_bg'],
    );
  });

  it('an operation is available when the control plane accepts it and every live render worker runs it', () => {
    const farm = farmCapabilities(REMOVE_BG, [advertiseCapabilities(REMOVE_BG), advertiseCapabilities(ALL)]);
    expect(farm.render_workers).toBe(2);
    expect(farm.ai.remove_bg).toEqual({ available: true, design_types: ['static'], sync: true, reason: null });
    // Workers could, but the control plane refuses it before anything is queued.
    expect(farm.ai.upscale.available).toBe(false);
    expect(farm.ai.upscale.reason).toMatch(/AI_UPSCALE_MODEL/);
    expect(farm.ai.upscale.sync).toBe(false);
    expect(farm.ai.auto_focus).toMatchObject({
      available: true,
      sync: true,
      design_types: ['static', 'animated', 'printer', 'printer_multipage'],
    });
    expect(farm.focus_detector).toEqual({ available: false, labels: [] });
  });

  it('one worker without it, a worker with no record, or no worker at all makes it unavailable, saying why', () => {
    const some = farmCapabilities(ALL, [advertiseCapabilities(ALL), advertiseCapabilities(REMOVE_BG)]);
    expect(some.ai.remove_bg.available).toBe(true);
    expect(some.ai.expand.available).toBe(false);
    expect(some.ai.expand.reason).toMatch(/^1 of 2 render workers/);
    expect(farmCapabilities(ALL, [null]).ai.remove_bg.available).toBe(false);
    const none = farmCapabilities(ALL, []);
    expect(none.render_workers).toBe(0);
    for (const op of Object.values(none.ai)) expect(op).toMatchObject({ available: false, reason: 'no render worker is running' });
    expect(farmCapabilities(NO_AI_CAPABILITIES, [advertiseCapabilities(ALL)]).ai.text_to_image.reason).toMatch(
      /AI_TEXT_TO_IMAGE_PROVIDER=http/,
    );
  });

  it('the detector counts when both sides have it', () => {
    expect(farmCapabilities(ALL, [advertiseCapabilities(ALL)]).focus_detector).toEqual({ available: true, labels: ['person', 'dog'] });
    expect(farmCapabilities(ALL, [advertiseCapabilities(ALL), advertiseCapabilities(REMOVE_BG)]).focus_detector.available).toBe(false);
  });
});
