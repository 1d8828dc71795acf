import { describe, expect, it } from 'vitest';
import { type AiCapabilities, NO_AI_CAPABILITIES } from '../ai/refusals.js';
import { advertiseCapabilities, checkColorProfileOnFarm, farmCapabilities, parseWorkerCapabilities } from './capabilities.js';

const REMOVE_BG: AiCapabilities = { operations: new Set(['remove_bg']), focusDetector: false };
const ALL: AiCapabilities = {
  operations: new Set(['remove_bg', 'upscale', 'expand', 'text_to_image']),
  focusDetector: true,
  focusLabels: new Set(['person', 'dog']),
};

describe('worker capabilities', () => {
  it('round-trips what a worker advertises; an unreadable record is none, an unknown operation is dropped', () => {
    const record = JSON.parse(JSON.stringify(advertiseCapabilities(ALL, [])));
    expect(parseWorkerCapabilities(record)).toEqual({
      v: 1,
      ai: { operations: ['remove_bg', 'upscale', 'expand', 'text_to_image'], focus_detector: true, focus_labels: ['person', 'dog'] },
      print: { color_profiles: [] },
    });
    expect(parseWorkerCapabilities(null)).toBeNull();
    expect(parseWorkerCapabilities({ ai: 'yes' })).toBeNull();
    expect(parseWorkerCapabilities({ v: 2, ai: { operations: ['remove_bg', 'teleport'], focus_detector: false } })?.ai?.operations).toEqual(
      ['remove_bg'],
    );
  });

  it('an operation is available when the control plane accepts it and every live render worker runs it', () => {
    const farm = farmCapabilities(REMOVE_BG, [advertiseCapabilities(REMOVE_BG, []), advertiseCapabilities(ALL, [])]);
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
    const some = farmCapabilities(ALL, [advertiseCapabilities(ALL, []), advertiseCapabilities(REMOVE_BG, [])]);
    expect(some.ai.remove_bg.available).toBe(true);
    expect(some.ai.expand.available).toBe(false);
    expect(some.ai.expand.reason).toMatch(/^1 of 2 render workers/);
    expect(farmCapabilities(ALL, [null]).ai.remove_bg.available).toBe(false);
    const none = farmCapabilities(ALL, []);
    expect(none.render_workers).toBe(0);
    for (const op of Object.values(none.ai)) expect(op).toMatchObject({ available: false, reason: 'no render worker is running' });
    expect(farmCapabilities(NO_AI_CAPABILITIES, [advertiseCapabilities(ALL, [])]).ai.text_to_image.reason).toMatch(
      /AI_TEXT_TO_IMAGE_PROVIDER=http/,
    );
  });

  it('the detector counts when both sides have it', () => {
    expect(farmCapabilities(ALL, [advertiseCapabilities(ALL, [])]).focus_detector).toEqual({ available: true, labels: ['person', 'dog'] });
    expect(farmCapabilities(ALL, [advertiseCapabilities(ALL, []), advertiseCapabilities(REMOVE_BG, [])]).focus_detector.available).toBe(
      false,
    );
  });

  const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';
  const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';
  const holding = (...ids: string[]) => parseWorkerCapabilities(JSON.parse(JSON.stringify(advertiseCapabilities(REMOVE_BG, ids))));

  it('a render worker advertises the print profiles it holds; a newer id is dropped, a record without them holds none', () => {
    expect(holding(ECI)?.print).toEqual({ color_profiles: [ECI] });
    expect(parseWorkerCapabilities({ v: 1, print: { color_profiles: [ECI, 'a-newer-profile'] } })?.print).toEqual({
      color_profiles: [ECI],
    });
    // A worker older than the field still has its AI operations read.
    const older = parseWorkerCapabilities({ v: 1, ai: { operations: ['remove_bg'], focus_detector: false } });
    expect(older?.ai?.operations).toEqual(['remove_bg']);
    expect(older?.print).toBeUndefined();
    expect(checkColorProfileOnFarm(ECI, [older])?.message).toMatch(/held by 0 of 1 render workers.*1 advertise no print profiles/);
  });

  it('print.color_profile at submit: accepted when every live render worker holds it, refused at its path naming what to set', () => {
    expect(checkColorProfileOnFarm(ECI, [holding(ECI), holding(ECI, UNCOATED)])).toBeNull();
    expect(checkColorProfileOnFarm(UNCOATED, [holding(ECI)])).toEqual({
      path: 'print.color_profile',
      code: 'invalid_payload',
      message:
        'CMYK — ISO Uncoated is held by 0 of 1 render workers: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES on every render worker (docs/print.md, "Output profiles")',
      expected: [ECI],
      received: UNCOATED,
    });
    // A job lands on whichever worker takes it: one worker without the file is enough to refuse.
    expect(checkColorProfileOnFarm(UNCOATED, [holding(ECI), holding(ECI, UNCOATED)])?.message).toMatch(/held by 1 of 2 render workers/);
    expect(checkColorProfileOnFarm(ECI, [holding(ECI), null])?.message).toMatch(/1 advertise no print profiles/);
    // No render worker live: queued, as every print job is until a worker comes (which still refuses a profile it lacks).
    expect(checkColorProfileOnFarm(UNCOATED, [])).toBeNull();
  });

  it('GET /capabilities lists each built-in CMYK profile, available when every live render worker holds it', () => {
    const farm = farmCapabilities(REMOVE_BG, [holding(ECI), holding(ECI, UNCOATED)]);
    expect(farm.print.color_profiles.map((p) => p.id)).toHaveLength(5);
    expect(farm.print.color_profiles.find((p) => p.id === ECI)).toEqual({
      id: ECI,
      name: 'CMYK — ISO Coated v2 (ECI)',
      available: true,
      reason: null,
    });
    expect(farm.print.color_profiles.find((p) => p.id === UNCOATED)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/1 of 2/),
    });
    for (const p of farmCapabilities(REMOVE_BG, []).print.color_profiles)
      expect(p).toMatchObject({ available: false, reason: 'no render worker is running' });
  });
});
