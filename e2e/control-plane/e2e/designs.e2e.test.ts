import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFarm, startFarm, waitForDemo } from '../farm.js';
import { runSdkCheck } from '../sdk.js';

describe('designs through the abyssale Python SDK against npm start', () => {
  let farm: RunningFarm;
  beforeAll(async () => {
    farm = await startFarm({ env: { RATE_LIMIT_GLOBAL_PER_SECOND: '1000' } });
  });
  afterAll(async () => {
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  it('npm start imports every example into the demo workspace once, one also as a template', async () => {
    expect(await waitForDemo(farm)).toEqual({ designs: 5, templates: 1 });
    const imports = (await (await fetch(`${farm.baseUrl}/designs/import/json`, { headers: { 'x-api-key': farm.apiKey } })).json()) as {
      status: string;
    }[];
    expect(imports.map((i) => i.status)).toEqual(Array(6).fill('DONE'));
  });

  it('the SDK design calls raise no validation error and validate strictly', async () => {
    const report = await runSdkCheck('designs_check.py', farm.baseUrl, farm.apiKey);
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(21);
  });

  it('a restart does not import the examples again', async () => {
    const { dataDir } = farm;
    expect(await farm.interrupt()).toBe(0);
    farm = await startFarm({ dataDir, env: { RATE_LIMIT_GLOBAL_PER_SECOND: '1000' } });
    const imports = (await (
      await fetch(`${farm.baseUrl}/designs/import/json`, { headers: { 'x-api-key': farm.apiKey } })
    ).json()) as unknown[];
    expect(imports).toHaveLength(6);
  });
});
