// Issue 41's acceptance for the CLI, on a farm started as `npm start` starts it (every role, the
// example designs): pull; edit a JSON file; push, which makes a new version; diff, now empty;
// render to a file, a real JPEG with the edit visible; import with a local image file. Bad input
// gets a clear message and a non-zero exit: a malformed file, an invalid value, a wrong key, an
// unknown design.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourAt, expectNear } from '../control-plane/e2e/pixels.js';
import { fetchPolitely, type RunningFarm, startFarm, waitForDesigns } from '../control-plane/farm.js';
import type { Json } from '../render-worker/tasks/testing/farm-processes.js';
import { HAS_BULK_API } from './bulk-api.js';
import { buildCli, type Cli, cliFor } from './cli-runner.js';

const RED = '#FF0000';
const GREEN = '#00C853';
// The Exit codes of cli/README.md.
const EXIT = { ok: 0, invalid: 3, auth: 4, notFound: 5, differences: 8 };

describe('the pressroom CLI on a farm', () => {
  let farm: RunningFarm;
  let cli: Cli;
  let dir: string;
  let designId: string;
  let stem: string;

  const api = async (path: string) => {
    const res = await fetchPolitely(`${farm.baseUrl}${path}`, { headers: { 'x-api-key': farm.apiKey } });
    return res.json() as Promise<Json>;
  };
  const versions = async () => {
    const listed = await api(`/designs/${designId}/versions`);
    expect(Array.isArray(listed), JSON.stringify(listed)).toBe(true);
    return (listed as unknown[]).length;
  };

  beforeAll(async () => {
    buildCli();
    farm = await startFarm();
    // The example designs are imported by a worker job after start, one by one.
    designId = (await waitForDesigns(farm, 'query=Webinar'))[0]?.id as string;
    expect(designId).toBeTruthy();
    cli = await cliFor();
    dir = join(cli.configHome, 'designs');
    const login = await cli.run(['login', '--url', farm.baseUrl, '--key', farm.apiKey]);
    expect(login.code, login.stderr).toBe(0);
  });

  afterAll(async () => {
    await farm?.interrupt();
    if (farm) await rm(farm.dataDir, { recursive: true, force: true });
    if (cli) await rm(cli.configHome, { recursive: true, force: true });
  });

  it('login keeps the URL and key in a file only its owner can read', async () => {
    const file = join(cli.configHome, 'pressroom', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url: farm.baseUrl, api_key: farm.apiKey });
  });

  it('pulls a design: its as-import file, its stored files, the manifest; diff is empty', async () => {
    const pulled = await cli.run(['--json', 'designs', 'pull', designId, dir]);
    expect(pulled.code, pulled.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(dir, 'pressroom.json'), 'utf8'));
    stem = Object.keys(manifest.designs)[0] as string;
    expect(manifest.designs).toEqual({ [stem]: designId });
    expect(manifest.project_id).toMatch(/^[0-9a-f-]{36}$/);
    const payload = JSON.parse(await readFile(join(dir, `${stem}.json`), 'utf8'));
    const photo = payload.layers.find((l: Json) => l.name === 'speaker-photo');
    expect(photo.properties.src).toBe(`./${stem}.assets/speaker-portrait.png`);
    expect((await sharp(join(dir, `${stem}.assets`, 'speaker-portrait.png')).metadata()).format).toBe('png');
    // Pulling again names everything the same.
    expect((await cli.run(['designs', 'pull', designId, dir])).code).toBe(0);
    expect(Object.keys(JSON.parse(await readFile(join(dir, 'pressroom.json'), 'utf8')).designs)).toEqual([stem]);
    const diff = await cli.run(['designs', 'diff', dir]);
    expect(diff.code, diff.stdout + diff.stderr).toBe(EXIT.ok);
    expect(diff.stdout).toBe('');
  });

  it('edit, push: a new version; diff is then empty; the render is a JPEG that shows the edit', async () => {
    const file = join(dir, `${stem}.json`);
    const payload = JSON.parse(await readFile(file, 'utf8'));
    payload.layers.find((l: Json) => l.name === 'panel').properties.background_color = RED;
    await writeFile(file, `${JSON.stringify(payload, null, 2)}\n`);
    const diff = await cli.run(['designs', 'diff', dir]);
    expect(diff.code).toBe(EXIT.differences);
    expect(diff.stdout).toContain('~ layers[0].properties.background_color: "#F6F4FF" -> "#FF0000"');

    const before = await versions();
    const push = await cli.run(['designs', 'push', dir]);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout).toContain(`updated ${designId}, version ${before + 1}`);
    expect(await versions()).toBe(before + 1);
    // The stored picture was kept as the design's file, not sent again as a new one.
    const read = await api(`/designs/${designId}/as-import`);
    expect(JSON.stringify(read.payload)).toContain(`/designs/${designId}/assets/speaker-portrait.png`);

    const after = await cli.run(['designs', 'diff', dir]);
    expect(after.code, after.stdout).toBe(EXIT.ok);
    const again = await cli.run(['designs', 'push', dir]);
    expect(again.stdout).toContain('unchanged');
    expect(await versions()).toBe(before + 1);

    const out = join(cli.configHome, 'landscape.jpg');
    const render = await cli.run([
      'render',
      designId,
      '--format',
      'landscape',
      '--type',
      'jpeg',
      '--set',
      'title.payload=From the CLI',
      '-o',
      out,
    ]);
    expect(render.code, render.stderr).toBe(0);
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 628 });
    expectNear(await colourAt(bytes, 20, 20), RED, 'the edited panel');
    expectNear(await colourAt(bytes, 20, 600), RED, 'the edited panel, lower');
  });

  it('imports a design whose picture is a local file, and renders it', async () => {
    const folder = join(cli.configHome, 'import');
    await mkdir(folder, { recursive: true });
    await sharp({ create: { width: 64, height: 64, channels: 3, background: GREEN } })
      .png()
      .toFile(join(folder, 'photo.png'));
    const card = {
      name: 'CLI import',
      type: 'static',
      formats: [{ name: 'square', width: 200, height: 200, background_color: '#FFFFFF' }],
      layers: [{ name: 'photo', type: 'image', layout: { x: 0, y: 0, width: 200, height: 200 }, properties: { src: 'photo.png' } }],
    };
    await writeFile(join(folder, 'card.json'), JSON.stringify(card));
    const project = JSON.parse(await readFile(join(dir, 'pressroom.json'), 'utf8')).project_id;
    const imported = await cli.run(['--json', 'import', join(folder, 'card.json'), '--project', project]);
    expect(imported.code, imported.stderr).toBe(0);
    const record = JSON.parse(imported.stdout);
    expect(record).toMatchObject({ status: 'DONE', result: { kind: 'design' } });
    const out = join(folder, 'card.png');
    const render = await cli.run(['render', record.result.uuid, '--type', 'png', '-o', out]);
    expect(render.code, render.stderr).toBe(0);
    expectNear(await colourAt(await readFile(out), 100, 100), GREEN, 'the uploaded picture');
  });

  it('refuses a malformed file and an invalid value with the file and path, pushing nothing', async () => {
    const before = await versions();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"name": "Broken",\n  "type": "static",\n  "formats": [\n');
    const malformed = await cli.run(['designs', 'push', dir]);
    expect(malformed.code).toBe(EXIT.invalid);
    expect(malformed.stderr).toMatch(/broken\.json: .*not valid JSON/);
    await writeFile(
      broken,
      JSON.stringify({ name: 'Broken', type: 'static', formats: [{ name: 'wide', width: 9000, height: 100 }], layers: [] }),
    );
    const invalid = await cli.run(['designs', 'push', dir]);
    expect(invalid.code).toBe(EXIT.invalid);
    expect(invalid.stderr).toContain('nothing was pushed');
    expect(invalid.stderr).toMatch(/broken\.json: formats\[0\]\.width: .*\(out_of_range\)/);
    expect(await versions()).toBe(before);
    expect(Object.keys(JSON.parse(await readFile(join(dir, 'pressroom.json'), 'utf8')).designs)).toEqual([stem]);
    await rm(broken);
    const missing = await cli.run(['import', join(tmpdir(), 'no-such-file.json')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('no-such-file.json');
  });

  it('a wrong key exits 4 and an unknown design 5, each with the API error', async () => {
    const wrong = await cli.run(['designs', 'list'], { env: { PRESSROOM_API_KEY: 'prk_wrong' } });
    expect(wrong.code).toBe(EXIT.auth);
    expect(wrong.stderr).toMatch(/^error \[unauthorized, HTTP 401\]/);
    const unknown = await cli.run(['render', '00000000-0000-4000-8000-000000000000', '-o', join(tmpdir(), 'never.jpg')]);
    expect(unknown.code).toBe(EXIT.notFound);
    expect(unknown.stderr).toMatch(/^error \[template_not_found, HTTP 404\]/);
    const pull = await cli.run(['designs', 'pull', '00000000-0000-4000-8000-000000000000', join(cli.configHome, 'x')]);
    expect(pull.code).toBe(EXIT.notFound);
  });
  it('uploads brand fonts; a file that is not a font is refused with its name, the others still uploaded', async () => {
    // Installed by `npm run setup` (fonts-liberation2), as the fonts upload tests use it.
    const font = '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf';
    const notFont = join(cli.configHome, 'not-a-font.ttf');
    await writeFile(notFont, 'hello');
    const upload = await cli.run(['--json', 'fonts', 'upload', font, notFont]);
    expect(upload.code).toBe(EXIT.invalid);
    const { error, result } = JSON.parse(upload.stdout);
    expect(error.exit_code).toBe(EXIT.invalid);
    expect(result.uploaded).toHaveLength(1);
    expect(result.uploaded[0].font).toMatchObject({ type: 'custom' });
    expect(upload.stderr).toContain('not-a-font.ttf');
    const fonts = (await api('/fonts?name=Liberation%20Serif')) as { type?: string }[];
    expect(fonts.some((f) => f.type === 'custom')).toBe(true);
  });

  it.runIf(HAS_BULK_API)(
    'bulk: a CSV sheet over the bulk API, followed to its end, its result CSV written (needs the bulk API, #37)',
    async () => {
      const folder = join(cli.configHome, 'bulk');
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'rows.csv'), 'Headline,_file_name\nFirst row,first\nSecond row,second\n');
      const check = await cli.run([
        '--json',
        'bulk',
        designId,
        join(folder, 'rows.csv'),
        '--map',
        'Headline=title.payload',
        '--format',
        'landscape',
        '--validate-only',
      ]);
      expect(check.code, check.stderr).toBe(0);
      expect(JSON.parse(check.stdout)).toMatchObject({ valid: true, row_count: 2, file_count: 2 });
      const run = await cli.run([
        '--json',
        'bulk',
        designId,
        join(folder, 'rows.csv'),
        '--map',
        'Headline=title.payload',
        '--format',
        'landscape',
        '--wait',
        '-o',
        folder,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result).toMatchObject({ status: 'completed', rows: { done: 2, failed: 0 } });
      const csv = await readFile(join(folder, `${result.id}.results.csv`), 'utf8');
      expect(csv).toContain('First row');
      const bad = await cli.run(['bulk', designId, join(folder, 'rows.csv'), '--format', 'landscape']);
      expect(bad.code).toBe(EXIT.invalid);
      expect(bad.stderr).toContain('Headline');
    },
  );
});
