import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sdkPython } from '../testing/sdk-python.js';
import { canonicalDynamicQuery, signDynamicImageUrl, signDynamicQuery, verifyDynamicSignature } from './sign.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRET = 'whsec_0123456789abcdef';
const UID = '9b57d65e-eb2c-4a74-a51e-4482917c248a';

/** The Python snippet of docs/dynamic-images.md, verbatim between its markers. */
function pythonSnippet(): string {
  const doc = readFileSync(`${ROOT}docs/dynamic-images.md`, 'utf8');
  const match = /<!-- python-sign -->\s*```python\n([\s\S]*?)```/.exec(doc);
  if (!match) throw new Error('docs/dynamic-images.md has no python-sign snippet');
  return match[1]!;
}

describe('signed dynamic image URLs', () => {
  it('sign and verify a URL; any change to the query or the image is refused', () => {
    const signed = new URL(signDynamicImageUrl(`https://img.example/i/${UID}?headline.payload=Hello%20J%C3%BCrgen&b.x=1`, SECRET));
    const pairs = () => [...signed.searchParams] as [string, string][];
    const s = signed.searchParams.get('s');
    expect(verifyDynamicSignature([SECRET], UID, pairs(), s)).toBe(true);
    expect(verifyDynamicSignature(['other', SECRET], UID, pairs(), s)).toBe(true);
    expect(verifyDynamicSignature(['other'], UID, pairs(), s)).toBe(false);
    expect(verifyDynamicSignature([SECRET], '00000000-eb2c-4a74-a51e-4482917c248a', pairs(), s)).toBe(false);
    signed.searchParams.set('headline.payload', 'Hello Mallory');
    expect(verifyDynamicSignature([SECRET], UID, pairs(), s)).toBe(false);
    expect(verifyDynamicSignature([SECRET], UID, pairs(), null)).toBe(false);
    expect(verifyDynamicSignature([SECRET], UID, pairs(), 'zz')).toBe(false);
  });

  it('does not depend on parameter order and is bound to its own label', () => {
    const a = signDynamicQuery(SECRET, UID, [
      ['a.x', '1'],
      ['b.y', '2'],
    ]);
    expect(
      signDynamicQuery(SECRET, UID, [
        ['b.y', '2'],
        ['a.x', '1'],
      ]),
    ).toBe(a);
    expect(
      canonicalDynamicQuery(UID, [
        ['b.y', '2 3'],
        ['s', 'ignored'],
      ]),
    ).toBe(`v1:dynamic-image:${UID}?b.y=2%203`);
  });

  it('the documented Python snippet signs exactly like the Node helper', () => {
    const url = `https://img.example/i/${UID}?headline.payload=Caf%C3%A9%20%26%20cr%C3%A8me!%20(*)&vars.n=1&z.a=%27~%27`;
    const program = `${pythonSnippet()}\nimport sys\nprint(sign_dynamic_image_url(sys.argv[1], sys.argv[2]))\n`;
    const fromPython = execFileSync(sdkPython(), ['-c', program, url, SECRET], { encoding: 'utf8' }).trim();
    const node = new URL(signDynamicImageUrl(url, SECRET)).searchParams.get('s');
    expect(new URL(fromPython).searchParams.get('s')).toBe(node);
  });
});
