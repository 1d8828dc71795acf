import { describe, expect, it } from 'vitest';
import { parseOverrides } from '../overrides/parse.js';
import type { NormalisedOverrides } from '../overrides/types.js';
import { type AiCapabilities, aiCapabilitiesFor, NO_AI_CAPABILITIES, refuseUnavailableAi } from './refusals.js';

const layers = { photo: 'image', title: 'text', brand: 'logo' } as const;

function overrides(elements: Record<string, unknown>): NormalisedOverrides {
  const parsed = parseOverrides(elements, { designType: 'static', mode: 'async' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const refuse = (elements: Record<string, unknown>, capabilities: AiCapabilities = NO_AI_CAPABILITIES) =>
  refuseUnavailableAi(overrides(elements), layers, capabilities);

describe('refuseUnavailableAi', () => {
  it.each([
    ['remove_bg', 'remove_bg is not available on this farm: set AI_REMOVE_BG_MODEL to enable it (see docs/ai.md)'],
    ['upscale', 'upscale is not available on this farm: set AI_UPSCALE_MODEL to enable it (see docs/ai.md)'],
    ['expand', 'expand is not available on this farm: set AI_EXPAND_PROVIDER=http to enable it (see docs/ai.md)'],
  ])('refuses %s without a provider, naming the operation and the setting', (op, message) => {
    expect(refuse({ photo: { [op]: true } })).toEqual([{ path: `elements.photo.${op}`, code: 'invalid_payload', message }]);
  });

  it('refuses a text_to_image ratio that is not width:height, even with a provider', () => {
    const capabilities: AiCapabilities = { operations: new Set(['text_to_image']), focusDetector: false };
    const photo = (ratio: string) => ({ text_to_image: true, text_to_image_properties: { prompt: 'a red bicycle here', ratio } });
    expect(refuse({ photo: photo('16:9') }, capabilities)).toEqual([]);
    expect(refuse({ photo: photo('wide') }, capabilities).map((i) => i.path)).toEqual(['elements.photo.text_to_image_properties.ratio']);
  });

  it('refuses text_to_image, also in its prompt shorthand', () => {
    expect(refuse({ photo: { text_to_image: 'a red bicycle on a beach' } })).toEqual([
      {
        path: 'elements.photo.text_to_image',
        code: 'invalid_payload',
        message: 'text_to_image is not available on this farm: set AI_TEXT_TO_IMAGE_PROVIDER=http to enable it (see docs/ai.md)',
      },
    ]);
  });

  it('accepts an operation the farm has, and false everywhere', () => {
    const capabilities: AiCapabilities = { operations: new Set(['remove_bg', 'upscale']), focusDetector: false };
    expect(refuse({ photo: { remove_bg: true, upscale: true, expand: false, text_to_image: false } }, capabilities)).toEqual([]);
    expect(refuse({ photo: { remove_bg: true, expand: true } }, capabilities).map((i) => i.path)).toEqual(['elements.photo.expand']);
  });

  it('refuses AI properties on layers that are not images', () => {
    const capabilities: AiCapabilities = { operations: new Set(['remove_bg']), focusDetector: true };
    const issues = refuse({ title: { remove_bg: true }, brand: { auto_focus: true } }, capabilities);
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['elements.title.remove_bg', 'remove_bg applies to image layers only, not to a text layer'],
      ['elements.brand.auto_focus', 'auto_focus applies to image layers only, not to a logo layer'],
    ]);
  });

  it('accepts auto_focus with every setting the saliency strategies honour', () => {
    expect(
      refuse({
        photo: { auto_focus: true, auto_focus_model: 'people', focus_zoom: false, focus_framing: 'head', focus_target: 'left' },
      }),
    ).toEqual([]);
  });

  it('refuses focus_objects without a detector, and accepts it with one', () => {
    const photo = { auto_focus: true, focus_objects: ['dog'] };
    expect(refuse({ photo }).map((i) => i.path)).toEqual(['elements.photo.auto_focus_properties.focus_objects']);
    expect(refuse({ photo }, { operations: new Set(), focusDetector: true })).toEqual([]);
    expect(refuse({ photo: { auto_focus: true, focus_objects: [] } })).toEqual([]);
  });

  it('refuses focus_objects the detector does not know, naming what it knows', () => {
    const capabilities: AiCapabilities = { operations: new Set(), focusDetector: true, focusLabels: new Set(['person', 'dog']) };
    expect(refuse({ photo: { auto_focus: true, focus_objects: ['Dog'] } }, capabilities)).toEqual([]);
    expect(refuse({ photo: { auto_focus: true, focus_objects: ['dog', 'cat'] } }, capabilities)).toEqual([
      {
        path: 'elements.photo.auto_focus_properties.focus_objects',
        code: 'invalid_payload',
        message: 'auto_focus cannot find cat: the detector knows person, dog (see docs/ai.md)',
      },
    ]);
  });

  it('refuses focus settings that would do nothing because auto_focus is not on', () => {
    const issues = refuse({ photo: { auto_focus_properties: { model: 'face' }, focus_target: 'right' } });
    expect(issues.map((i) => i.path)).toEqual([
      'elements.photo.auto_focus_properties.model',
      'elements.photo.auto_focus_properties.focus_target',
    ]);
    expect(issues[0]?.message).toBe('has no effect unless auto_focus is true on the layer');
  });

  it('uses the prefix for page overrides', () => {
    const issues = refuseUnavailableAi(overrides({ photo: { upscale: true } }), {}, NO_AI_CAPABILITIES, ['pages', 'page_2']);
    expect(issues.map((i) => i.path)).toEqual(['pages.page_2.photo.upscale']);
  });
});

describe('aiCapabilitiesFor', () => {
  const everything: AiCapabilities = { operations: new Set(['remove_bg', 'upscale']), focusDetector: false };

  it('keeps the farm capabilities on static designs', () => {
    expect(refuse({ photo: { remove_bg: true } }, aiCapabilitiesFor('static', everything))).toEqual([]);
  });

  it.each(['animated', 'printer', 'printer_multipage'])('refuses every operation on %s designs by name, whatever is configured', (type) => {
    const issues = refuse({ photo: { remove_bg: true, upscale: true } }, aiCapabilitiesFor(type, everything));
    expect(issues.map((i) => i.path)).toEqual(['elements.photo.remove_bg', 'elements.photo.upscale']);
    expect(issues[0]?.message).toBe(
      `remove_bg is not available on ${type} designs: AI operations run on static designs only (see docs/ai.md)`,
    );
  });

  it('still lets auto_focus run on every design type', () => {
    expect(refuse({ photo: { auto_focus: true } }, aiCapabilitiesFor('animated', everything))).toEqual([]);
  });
});
