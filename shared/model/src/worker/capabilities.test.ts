import { describe, expect, it } from 'vitest';
import { type AiCapabilities, NO_AI_CAPABILITIES } from '../ai/refusals.js';
import {
  advertiseCapabilities,
  checkColorProfileOnFarm,
  farmCapabilities,
  parseWorkerCapabilities,
  unheldProfileReason,
  watchUnheldProfiles,
} from './capabilities.js';

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

  it('print.color_profile at submit: accepted when a live render worker holds it, refused at its path naming what to set', () => {
    expect(checkColorProfileOnFarm(ECI, [holding(ECI), holding(ECI, UNCOATED)])).toBeNull();
    expect(checkColorProfileOnFarm(UNCOATED, [holding(ECI)])).toEqual({
      path: 'print.color_profile',
      code: 'invalid_payload',
      message:
        'CMYK — ISO Uncoated is held by 0 of 1 render workers: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES on a render worker (docs/print.md, "Output profiles")',
      expected: [ECI],
      received: UNCOATED,
    });
    // One holder is enough: the job carries the profile's flag, which the others forbid.
    expect(checkColorProfileOnFarm(UNCOATED, [holding(ECI), holding(ECI, UNCOATED)])).toBeNull();
    expect(checkColorProfileOnFarm(UNCOATED, [holding(ECI), holding(ECI), null])).toMatchObject({
      message: expect.stringMatching(/held by 0 of 3 render workers.*1 advertise no print profiles/),
      expected: [ECI],
    });
    expect(checkColorProfileOnFarm(ECI, [holding(ECI), null])).toBeNull();
    // No render worker live: queued, as every print job is until a worker comes (one holding the profile takes it).
    expect(checkColorProfileOnFarm(UNCOATED, [])).toBeNull();
  });

  it('GET /capabilities lists each built-in CMYK profile, available when a live render worker holds it, and how many do', () => {
    const farm = farmCapabilities(REMOVE_BG, [holding(ECI), holding(ECI, UNCOATED)]);
    expect(farm.print.color_profiles.map((p) => p.id)).toHaveLength(5);
    expect(farm.print.color_profiles.find((p) => p.id === ECI)).toEqual({
      id: ECI,
      name: 'CMYK — ISO Coated v2 (ECI)',
      available: true,
      held_by: 2,
      reason: null,
    });
    expect(farm.print.color_profiles.find((p) => p.id === UNCOATED)).toMatchObject({ available: true, held_by: 1, reason: null });
    expect(farm.print.color_profiles.find((p) => p.id === '0e0355e6-2931-4c83-92f2-64db9f5ddffc')).toMatchObject({
      available: false,
      held_by: 0,
      reason: expect.stringMatching(/0 of 2/),
    });
    for (const p of farmCapabilities(REMOVE_BG, []).print.color_profiles)
      expect(p).toMatchObject({ available: false, held_by: 0, reason: 'no render worker is running' });
  });

  it('watches the profiles no live render worker holds, from when it first saw them unheld, and expires them after the wait', () => {
    const SWOP = '0e0355e6-2931-4c83-92f2-64db9f5ddffc';
    // Both held: nothing watched.
    let w = watchUnheldProfiles(new Map(), [holding(ECI, UNCOATED, SWOP), holding(ECI)], 1_000, 500);
    expect([...w.since.keys()]).not.toContain(UNCOATED);
    // Its holder is gone: watched from now, not expired within the wait.
    w = watchUnheldProfiles(w.since, [holding(ECI)], 2_000, 500);
    expect(w.since.get(UNCOATED)).toBe(2_000);
    expect(w.expired).not.toContain(UNCOATED);
    // Those held by nobody since the first look (1 000) have waited long enough already.
    expect(w.expired).toContain('fac91df8-1155-11ef-b77e-f93002785645');
    w = watchUnheldProfiles(w.since, [holding(ECI)], 2_499, 500);
    expect(w.since.get(UNCOATED)).toBe(2_000);
    expect(w.expired).not.toContain(UNCOATED);
    w = watchUnheldProfiles(w.since, [holding(ECI)], 2_500, 500);
    expect(w.expired).toContain(UNCOATED);
    expect(w.expired).toContain(SWOP);
    expect(w.expired).not.toContain(ECI);
    // A holder back within the wait: the clock starts again when it goes.
    const back = watchUnheldProfiles(watchUnheldProfiles(new Map(), [holding(ECI)], 0, 500).since, [holding(ECI, UNCOATED)], 400, 500);
    expect(back.since.has(UNCOATED)).toBe(false);
    expect(watchUnheldProfiles(back.since, [holding(ECI)], 800, 500)).toMatchObject({ expired: expect.not.arrayContaining([UNCOATED]) });
    // No render worker live: queued work waits for workers, nothing is watched.
    expect(watchUnheldProfiles(w.since, [], 9_000, 500)).toEqual({ since: new Map(), expired: [] });
  });

  it('the reason a file fails with names the profile, the wait and what to configure', () => {
    expect(unheldProfileReason(UNCOATED, 301_400)).toBe(
      'CMYK — ISO Uncoated: no live render worker has held this profile for 301 s (PRINT_PROFILE_WAIT_MS), so nothing can print this file: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES on a render worker (docs/print.md, "Routing by profile")',
    );
  });
});
