// Fonts: the workspace's uploaded brand fonts (docs/fonts.md). Upload by drag and drop, a specimen
// of each family at each weight it has, the designs that use it, and delete.

import type { AvailableWeight } from '@pressroom/model';
import { useEffect, useState } from 'preact/hooks';
import type { Font } from '../answers.js';
import { api, apiBytes } from '../api.js';
import { base64Of, Dropzone, ErrorBox, filesOf, Loading, type Shown, shown, useApi, type View } from '../ui.js';

const SPECIMEN = 'The quick brown fox jumps over the lazy dog 0123456789';

/** `700` → weight 700 normal; `'400-italic'` → 400 italic. */
function faceOf(entry: AvailableWeight): { weight: number; style: 'normal' | 'italic' } {
  return typeof entry === 'number' ? { weight: entry, style: 'normal' } : { weight: Number(entry.slice(0, 3)), style: 'italic' };
}

/**
 * One face drawn in its own font: the file comes through the API (the key travels in a header,
 * which a CSS url() cannot send) and is added to the document with the FontFace API, under a
 * family name of its own so that nothing else can stand in for it.
 */
function Specimen({ font, entry }: { font: Font; entry: AvailableWeight }): View {
  const { weight, style } = faceOf(entry);
  const family = `specimen-${font.id}-${weight}-${style}`;
  const [state, setState] = useState('loading');
  useEffect(() => {
    let live = true;
    apiBytes(`/fonts/${font.id}/file?weight=${weight}&style=${style}`)
      .then((bytes) => new FontFace(family, bytes, { weight: String(weight), style }).load())
      .then((face) => {
        (document.fonts as FontFaceSet & { add: (face: FontFace) => void }).add(face);
        if (live) setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [font.id, weight, style]);
  return (
    <li class="specimen" data-weight={weight} data-style={style} data-state={state}>
      <span class="tag">
        {weight}
        {style === 'italic' ? ' italic' : ''}
      </span>
      {state === 'failed' ? (
        <span class="error">This face could not be loaded.</span>
      ) : (
        <span style={`font-family: "${family}"; font-weight: ${weight}; font-style: ${style}; font-size: 1.5rem`}>{SPECIMEN}</span>
      )}
    </li>
  );
}

function FontFamily({ font, onDeleted }: { font: Font; onDeleted: () => void }): View {
  const users = useApi<{ id: string; name: string }[]>('GET', `/fonts/${font.id}/designs`, undefined, [
    font.id,
    font.available_weights.join(),
  ]);
  const [error, setError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('DELETE', `/fonts/${font.id}`);
      onDeleted();
    } catch (e) {
      setError(shown(e));
      users.reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="card font-family" data-font-id={font.id}>
      <div class="body">
        <h2>{font.name}</h2>
        <p>
          <span class="tag">{font.category}</span>{' '}
          <span class="tag">
            {font.available_weights.length} face{font.available_weights.length === 1 ? '' : 's'}
          </span>{' '}
          <code>{font.id}</code>
        </p>
        <ul class="specimens">
          {font.available_weights.map((entry) => (
            <Specimen key={String(entry)} font={font} entry={entry} />
          ))}
        </ul>
        <h3>Used by</h3>
        {users.loading && !users.data ? <Loading what="the designs that use it" /> : null}
        {users.data && users.data.length === 0 ? <p class="notice">No design uses this font.</p> : null}
        {users.data?.length ? (
          <ul class="used-by">
            {users.data.map((d) => (
              <li key={d.id}>
                <a href={`#/design/${d.id}`}>{d.name}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <ErrorBox error={error} title={`${font.name} was not deleted`} />
        <p>
          <button type="button" class="secondary" disabled={busy} onClick={remove}>
            Delete<span class="skip"> {font.name}</span>
          </button>
        </p>
      </div>
    </li>
  );
}

function Upload({ onUploaded }: { onUploaded: () => void }): View {
  const [steps, setSteps] = useState<string[]>([]);
  const [error, setError] = useState<Shown | null>(null);
  const run = async (files: File[]) => {
    setError(null);
    setSteps([]);
    for (const file of files) {
      try {
        const { data } = await api<Font>('POST', '/fonts', { body: { file_encoded: await base64Of(file) } });
        setSteps((s) => [...s, `${file.name}: added to ${data.name} (${data.available_weights.join(', ')})`]);
      } catch (e) {
        setError(shown(e));
        break;
      }
    }
    onUploaded();
  };
  return (
    <section aria-labelledby="font-upload-title">
      <h2 id="font-upload-title">Upload fonts</h2>
      <Dropzone onFiles={run}>
        <p>
          Drop TTF, OTF, WOFF or WOFF2 files here (15 MB each at most), or choose them. Each file joins the family its own name table says.
          You are responsible for the licence of the fonts you upload.
        </p>
        <label for="font-files">Font files</label>
        <input id="font-files" type="file" multiple accept=".ttf,.otf,.woff,.woff2,font/*" onChange={(e: Event) => run(filesOf(e))} />
      </Dropzone>
      {steps.length ? (
        <ol aria-live="polite" class="upload-steps">
          {steps.map((s) => (
            <li>{s}</li>
          ))}
        </ol>
      ) : null}
      <ErrorBox error={error} title="The upload failed" />
    </section>
  );
}

export function FontsPage(): View {
  const fonts = useApi<Font[]>('GET', '/fonts');
  const own = (fonts.data ?? []).filter((f) => f.type === 'custom');
  return (
    <>
      <h1>Fonts</h1>
      <p>
        Your brand fonts render in every output, on every render worker. The {(fonts.data ?? []).length - own.length} bundled families are
        always there too.
      </p>
      <Upload onUploaded={fonts.reload} />
      <ErrorBox error={fonts.error} title="The fonts could not be listed" />
      {fonts.loading && !fonts.data ? <Loading what="fonts" /> : null}
      {fonts.data && own.length === 0 ? <p class="notice">No uploaded font yet.</p> : null}
      {own.length ? (
        <ul class="gallery fonts">
          {own.map((f) => (
            <FontFamily key={f.id} font={f} onDeleted={fonts.reload} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
