import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The repository's own rules and options (.dependency-cruiser.cjs), cruised over a small tree of
// probe files laid out like the repository, npm packages included: each forbidden arrow must be
// reported, the allowed ones not.
const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Pick<ICruiseOptions, 'doNotFollow' | 'exclude'>;
};
const root = mkdtempSync(join(tmpdir(), 'pressroom-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** An installed npm package of the probe tree: node_modules/<name>, one module exporting `x`. */
const npmPackage = (name: string): Record<string, string> => ({
  [`node_modules/${name}/package.json`]: JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  [`node_modules/${name}/index.js`]: 'exports.x = 1;\n',
});

const PACKAGES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'probe', private: true }),
  'shared/model/package.json': JSON.stringify({
    name: '@pressroom/model',
    dependencies: { zod: '1.0.0', 'left-pad': '1.0.0' },
    devDependencies: { 'fast-check': '1.0.0' },
  }),
  'shared/renderer/package.json': JSON.stringify({ name: '@pressroom/renderer', dependencies: {} }),
  'control-plane/package.json': JSON.stringify({
    name: '@pressroom/control-plane',
    dependencies: { sharp: '1.0.0', fastify: '1.0.0' },
    devDependencies: { vitest: '1.0.0' },
  }),
  'render-worker/package.json': JSON.stringify({ name: '@pressroom/render-worker', dependencies: {} }),
  'media-worker/package.json': JSON.stringify({ name: '@pressroom/media-worker', dependencies: {} }),
  'farm/package.json': JSON.stringify({ name: '@pressroom/farm', dependencies: {} }),
  'shared/model/src/colour.ts': 'export const red = 1;\n',
  'render-worker/src/pipeline.ts': 'export const render = 1;\n',
  'control-plane/src/service.ts': 'export const serve = 1;\n',
  'farm/src/children.ts': 'export const supervise = 1;\n',
  'farm/src/entries.mjs': 'export const ENTRIES = [];\n',
  'scripts/entries.mjs': 'export const ENTRIES = [];\n',
  ...npmPackage('zod'),
  ...npmPackage('left-pad'),
  ...npmPackage('fast-check'),
  ...npmPackage('sharp'),
  ...npmPackage('fastify'),
  ...npmPackage('vitest'),
};

async function violations(entry: string, text: string, others: Record<string, string> = {}): Promise<string[]> {
  tree({ ...PACKAGES, ...others, [entry]: text });
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise([entry], {
      validate: true,
      ruleSet: { forbidden: rules.forbidden } as never,
      doNotFollow: rules.options.doNotFollow,
      exclude: rules.options.exclude,
      tsPreCompilationDeps: true,
      enhancedResolveOptions: { extensions: ['.ts', '.js'] },
    });
    const output = result.output as ICruiseResult;
    // A cycle is reported once, from whichever of its modules the cruise reached last.
    return output.summary.violations
      .filter((v) => v.from === entry || v.cycle?.some((step) => step.name === entry))
      .map((v) => v.rule.name);
  } finally {
    process.chdir(previous);
  }
}

describe('the boundary check (.dependency-cruiser.cjs)', () => {
  it('fails on a control plane file that imports the render worker', async () => {
    expect(
      await violations(
        'control-plane/src/probe.ts',
        "import { render } from '../../render-worker/src/pipeline';\nexport const x = render;\n",
      ),
    ).toContain('role-to-role');
  });

  it('fails on a worker test that imports the control plane', async () => {
    expect(
      await violations(
        'render-worker/src/probe.test.ts',
        "import { serve } from '../../control-plane/src/service';\nexport const x = serve;\n",
      ),
    ).toContain('worker-to-control-plane');
  });

  it('fails on a model file that imports a Node built-in', async () => {
    expect(
      await violations('shared/model/src/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"),
    ).toContain('model-pure');
  });

  it('fails on a renderer file that imports a worker', async () => {
    expect(
      await violations(
        'shared/renderer/src/probe.ts',
        "import { render } from '../../../render-worker/src/pipeline';\nexport const x = render;\n",
      ),
    ).toEqual(expect.arrayContaining(['renderer-model-only']));
  });

  it('fails on a control plane file that imports scripts/', async () => {
    expect(
      await violations('control-plane/src/probe.ts', "import { ENTRIES } from '../../scripts/entries.mjs';\nexport const x = ENTRIES;\n"),
    ).toContain('control-plane-no-scripts');
  });

  // The rules about npm packages fire only when node_modules is reached (doNotFollow), not excluded.
  it('fails on a control plane file that imports sharp', async () => {
    expect(await violations('control-plane/src/probe.ts', "import { x } from 'sharp';\nexport const y = x;\n")).toContain(
      'control-plane-no-pixels',
    );
  });

  it('fails on a model file that imports an npm package other than zod', async () => {
    expect(await violations('shared/model/src/probe.ts', "import { x } from 'left-pad';\nexport const y = x;\n")).toContain('model-pure');
  });

  it('fails on production code that imports a devDependency', async () => {
    expect(await violations('control-plane/src/probe.ts', "import { x } from 'vitest';\nexport const y = x;\n")).toContain(
      'not-to-dev-dep',
    );
    expect(await violations('shared/model/src/probe.ts', "import { x } from 'fast-check';\nexport const y = x;\n")).toEqual(
      expect.arrayContaining(['model-pure', 'not-to-dev-dep']),
    );
  });

  it('lets the model import zod, the control plane fastify, and tests and test helpers their devDependencies', async () => {
    expect(await violations('shared/model/src/probe.ts', "import { x } from 'zod';\nexport const y = x;\n")).toEqual([]);
    expect(await violations('control-plane/src/probe.ts', "import { x } from 'fastify';\nexport const y = x;\n")).toEqual([]);
    expect(
      await violations(
        'control-plane/src/probe.test.ts',
        "import { x } from 'sharp';\nimport { x as t } from 'vitest';\nexport const y = [x, t];\n",
      ),
    ).toEqual([]);
    expect(await violations('shared/model/src/testing/probe.ts', "import { x } from 'fast-check';\nexport const y = x;\n")).toEqual([]);
  });

  it('fails on an import cycle', async () => {
    expect(
      await violations('shared/model/src/probe.ts', "import { b } from './loop';\nexport const a = 1;\nexport const x = b;\n", {
        'shared/model/src/loop.ts': "import { a } from './probe';\nexport const b = a;\n",
      }),
    ).toContain('no-circular');
  });

  it('fails on a role that imports the farm launcher, and on the launcher importing a worker', async () => {
    expect(
      await violations('control-plane/src/probe.ts', "import { supervise } from '../../farm/src/children';\nexport const x = supervise;\n"),
    ).toContain('nothing-imports-farm');
    expect(
      await violations('farm/src/probe.ts', "import { render } from '../../render-worker/src/pipeline';\nexport const x = render;\n"),
    ).toContain('farm-starts-workers-by-path');
  });

  it('fails on the farm launcher importing scripts/', async () => {
    expect(
      await violations('farm/src/probe.ts', "import { ENTRIES } from '../../scripts/entries.mjs';\nexport const x = ENTRIES;\n"),
    ).toContain('farm-no-scripts');
  });

  it('lets the farm launcher import the control plane, and scripts/ the farm', async () => {
    expect(
      await violations(
        'farm/src/probe.ts',
        "import { serve } from '../../control-plane/src/service';\nimport { ENTRIES } from './entries.mjs';\nexport const x = [serve, ENTRIES];\n",
      ),
    ).toEqual([]);
    expect(
      await violations('scripts/probe.mjs', "import { ENTRIES } from '../farm/src/entries.mjs';\nexport const x = ENTRIES;\n"),
    ).toEqual([]);
  });

  it('lets the renderer import the model', async () => {
    expect(
      await violations('shared/renderer/src/probe.ts', "import { red } from '../../model/src/colour';\nexport const x = red;\n"),
    ).toEqual([]);
  });
});
