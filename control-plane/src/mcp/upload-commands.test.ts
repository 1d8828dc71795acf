import { describe, expect, it } from 'vitest';
import { uploadCommands } from './upload-commands.js';

describe('the commands that finish an import with local files', () => {
  const payload = { assets: { hero: { src: "file:assets/it's.jpg" }, logo: { src: 'https://example.com/logo.svg' } } };

  it('uploads each file to its presigned PUT, then validates with the key from the environment', () => {
    expect(
      uploadCommands(
        payload,
        [{ name: 'hero', content_type: 'image/jpeg', upload_url: 'http://h/u?a=1&b=2', method: 'PUT' }],
        'http://h/v/1',
      ),
    ).toEqual([
      `curl -sS -f -X PUT -H 'content-type: image/jpeg' --upload-file 'assets/it'\\''s.jpg' 'http://h/u?a=1&b=2'`,
      `curl -sS -f -X PUT -H "x-api-key: $PRESSROOM_API_KEY" 'http://h/v/1'`,
    ]);
  });

  it('posts a form with the fields of a presigned POST, the file last', () => {
    const [post] = uploadCommands(
      payload,
      [{ name: 'logo', content_type: 'image/svg+xml', upload_url: 'http://s3/b', fields: { key: 'k', policy: 'p' } }],
      'http://h/v/1',
    );
    expect(post).toBe(`curl -sS -f -F 'key=k' -F 'policy=p' -F 'file=@logo;type=image/svg+xml' 'http://s3/b'`);
  });
});
