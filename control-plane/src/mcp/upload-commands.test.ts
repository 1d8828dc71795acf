import { describe, expect, it } from 'vitest';
import { uploadCommands } from './upload-commands.js';

describe('the commands that finish an import with local files', () => {
  it('posts each slot form (its fields, the file last, read by its bare name), then validates with the key from the environment', () => {
    expect(
      uploadCommands(
        [{ name: "it's.jpg", url: 'http://s3/b', fields: { key: 'k', 'Content-Type': 'image/jpeg', policy: 'p' } }],
        'http://h/v/1',
      ),
    ).toEqual([
      `curl -sS -f -F 'key=k' -F 'Content-Type=image/jpeg' -F 'policy=p' -F 'file=@it'\\''s.jpg' 'http://s3/b'`,
      `curl -sS -f -X PUT -H "x-api-key: $PRESSROOM_API_KEY" 'http://h/v/1'`,
    ]);
  });

  it('answers only the validation when nothing waits for an upload', () => {
    expect(uploadCommands([], 'http://h/v/1')).toEqual([`curl -sS -f -X PUT -H "x-api-key: $PRESSROOM_API_KEY" 'http://h/v/1'`]);
  });
});
