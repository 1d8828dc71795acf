import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';
import { runSdkCheck } from '../sdk.js';

describe('the abyssale SDK generates against a running farm', () => {
  let farm: RunningFarm;
  beforeAll(async () => {
    farm = await startFarm();
  });
  afterAll(async () => {
    if (farm.process.exitCode === null) await farm.interrupt();
  });

  it('generate_image (original_visual_id included), get_file, generate_multi_format_media and wait_for_generation_request validate strictly', async () => {
    const designs = await waitForDesigns(farm);
    const design = await (await fetch(`${farm.baseUrl}/designs/${designs[0]!.id}`, { headers: { 'x-api-key': farm.apiKey } })).json();
    const report = await runSdkCheck('generation_check.py', farm.baseUrl, farm.apiKey, {
      DESIGN_ID: design.id,
      FORMAT_NAME: design.formats[0].id,
    });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(6);
  });
});
