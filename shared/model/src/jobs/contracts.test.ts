import { describe, expect, it } from 'vitest';
import { parseOverrides } from '../overrides/parse.js';
import type { NormalisedOverrides } from '../overrides/types.js';
import { JOB_CONTRACTS, type JobOwner, JobPayloadError, type JobTask, parseJobPayload, readJobOwner } from './contracts.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ID = '0b9e8c1e-5f6a-4c1d-9d2e-1a2b3c4d5e6f';

function overridesOf(
  elements: unknown,
  designType: 'static' | 'printer' = 'static',
  mode: 'sync' | 'async' = 'async',
): NormalisedOverrides {
  const parsed = parseOverrides(elements, { designType, mode });
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

function staticPayload(overrides: unknown) {
  return {
    v: 1,
    generation_request_id: ID,
    banner_id: ID,
    workspace_id: ID,
    design_id: ID,
    format_name: 'square',
    file_type: 'png',
    overrides,
    priority: 'async',
    enqueued_at: 1,
  };
}

/** What graphile-worker hands a task: the payload after JSON in Postgres. */
const throughQueue = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload));

describe('job contracts', () => {
  it('give back the normalised overrides the control plane enqueued, colours parsed and typed', () => {
    const overrides = overridesOf({
      // An own key, as JSON gives it (a `__proto__:` literal would set the prototype instead).
      ...JSON.parse('{"__proto__": {"payload": "a layer may be called __proto__"}}'),
      title: {
        payload: 'Hi',
        color: '#ff000080',
        background_color: 'linear-gradient(0% 0% 0% 100%,0% #abc 0,50% #def 0.5,100% #123 1)',
        background_padding: '4 8',
      },
      photo: {
        image_encoded: PNG,
        mask_properties: { radius: { tl: 4 } },
        auto_focus_model: 'face',
        upscale: true,
        upscale_properties: { upscale_factor: 4 },
        text_to_image: 'a red fox in snow',
      },
      clip: { video_muted: true, audio_muted: 0.5 },
      drawing: { illustration_properties: { primary_color: '#00ff00' } },
      button: { font_weight: 700, alignment: 'top left', hidden: false },
      vars: { name: 'Ada' },
    });
    const payload = parseJobPayload('render_static', throughQueue(staticPayload(overrides)));
    expect(payload.overrides).toEqual(overrides);
    expect(Object.getPrototypeOf(payload.overrides.layers)).toBeNull();
    expect(Object.getOwnPropertyDescriptor(payload.overrides.layers, '__proto__')?.value).toEqual({
      payload: 'a layer may be called __proto__',
    });
    const color = payload.overrides.layers.title?.color;
    expect(color).toMatchObject({ kind: 'hex', r: 255, g: 0, b: 0, alpha: expect.closeTo(0.5, 2) });
    expect(payload.overrides.layers.clip?.video_muted).toBe(1);
  });

  it('keep a print design’s CMYK colours as written, on every page', () => {
    const page = overridesOf({ title: { color: 'cmyk(0,100,100,0)' } }, 'printer');
    const raw = {
      v: 1,
      generation_request_id: ID,
      banner_id: ID,
      workspace_id: ID,
      design_id: ID,
      output_name: 'A4',
      pages: [{ frame: 'A4', overrides: page }],
      options: { crop_marks: true, safe_zone: false },
      priority: 'async',
      enqueued_at: 1,
    };
    const payload = parseJobPayload('render_print', throughQueue(raw));
    expect(payload.pages[0]?.overrides.layers.title?.color).toEqual({ kind: 'cmyk', c: 0, m: 100, y: 100, k: 0, alpha: null });
  });

  it('refuse a colour that was never parsed, a wrong version, or a missing field, as a typed permanent error', () => {
    const unparsed = staticPayload({ layers: { title: { color: '#ffffff' } }, vars: {} });
    const refusal = (() => {
      try {
        parseJobPayload('render_static', unparsed);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(JobPayloadError);
    expect(refusal).toMatchObject({ code: 'invalid_job_payload', task: 'render_static' });
    expect((refusal as JobPayloadError).issues.map((i) => i.path)).toContain('overrides.layers.title.color');
    expect(() => parseJobPayload('export_zip', { v: 2, export_id: ID })).toThrow(JobPayloadError);
    expect(() => parseJobPayload('deliver_webhook', { v: 1, attempt: 1 })).toThrow(JobPayloadError);
    expect(() => parseJobPayload('render_static', { ...staticPayload({ layers: {}, vars: { n: 1 } }) })).toThrow(JobPayloadError);
  });

  it('read fields a newer control plane added, and a retention job enqueued before it carried a version', () => {
    expect(parseJobPayload('design_import', { v: 1, import_id: ID, added_later: true }).import_id).toBe(ID);
    expect(parseJobPayload('generation_retention', {})).toEqual({ v: 1 });
  });
});

describe('readJobOwner: what a payload that broke its contract belongs to', () => {
  const OTHER = '6f1d2c3b-4a5e-4f6a-8b7c-9d0e1f2a3b4c';
  // One row per task of JOB_CONTRACTS (the type below has a key for each, so a new task needs its row).
  const CASES: { [K in JobTask]: { broken: Record<string, unknown>; owner: JobOwner<K> | null } } = {
    bulk_run_pump: { broken: { v: 2, bulk_run_id: ID }, owner: { bulk_run_id: ID } },
    bulk_run_finish: { broken: { bulk_run_id: ID, v: 'one' }, owner: { bulk_run_id: ID } },
    render_static: {
      broken: { v: 1, generation_request_id: ID, banner_id: OTHER, format_name: 'square', file_type: 'tiff' },
      owner: { generation_request_id: ID, format_name: 'square' },
    },
    render_print: {
      broken: { v: 2, generation_request_id: ID, banner_id: OTHER, output_name: '', pages: [] },
      owner: { generation_request_id: ID, format_name: '' },
    },
    animation_frames: {
      broken: { v: 1, generation_request_id: ID, format_name: 'story' },
      owner: { generation_request_id: ID, format_name: 'story' },
    },
    animation_html5: {
      broken: { generation_request_id: ID, format_name: 'story', fps: -1 },
      owner: { generation_request_id: ID, format_name: 'story' },
    },
    animation_encode: {
      broken: { v: 1, generation_request_id: ID, format_name: 'story', parts: 0 },
      owner: { generation_request_id: ID, format_name: 'story' },
    },
    export_zip: { broken: { v: 2, export_id: ID }, owner: { export_id: ID } },
    deliver_webhook: { broken: { v: 1, delivery: ID, attempt: 0 }, owner: { delivery: ID } },
    design_import: { broken: { v: 2, import_id: ID }, owner: { import_id: ID } },
    design_duplicate: { broken: { duplication_request_id: ID }, owner: { duplication_request_id: ID } },
    // Nothing waits on these: the next change draws the previews again, the sweep runs again.
    design_previews: { broken: { v: 1, design_id: ID, version: 0 }, owner: null },
    generation_retention: { broken: { v: 2 }, owner: null },
  };

  it.each(Object.keys(JOB_CONTRACTS) as JobTask[])('%s: the ids, and nothing else, from a payload its contract refuses', (task) => {
    const { broken, owner } = CASES[task];
    expect(() => parseJobPayload(task, broken)).toThrow(JobPayloadError);
    expect(readJobOwner(task, broken)).toEqual(owner);
  });

  it.each(Object.keys(JOB_CONTRACTS) as JobTask[])('%s: nobody, when the ids are missing or no uuids', (task) => {
    for (const raw of [null, 'garbage', [], {}, Object.fromEntries(Object.keys(CASES[task].broken).map((k) => [k, 'not-a-uuid']))])
      expect(readJobOwner(task, raw)).toBeNull();
  });

  it('needs the format name of a file: a request id alone does not say which file failed', () => {
    expect(readJobOwner('render_static', { generation_request_id: ID })).toBeNull();
    expect(readJobOwner('render_static', { generation_request_id: ID, format_name: '' })).toBeNull();
    expect(readJobOwner('render_print', { generation_request_id: ID, output_name: 7 })).toBeNull();
  });
});
