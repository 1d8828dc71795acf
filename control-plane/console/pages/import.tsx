// Import: a design JSON pasted or dropped goes through the import flow (docs/designs-api.md):
// check it (validate_only, 204), create it, fill each upload slot it asks for through the slot's
// presigned form POST, validate (PUT) when there were uploads, poll to DONE or FAILED, and open
// the new design. Every error is listed with its path.
import { useState } from 'preact/hooks';
import type { ImportCreated, ImportRecord } from '../answers.js';
import { ApiError, api, type UploadSlot, uploadToSlot } from '../api.js';
import { ProjectPicker } from '../projects.js';
import { checkedOf, Dropzone, ErrorBox, fieldValue, filesOf, type Shown, shown, type View } from '../ui.js';

const FINAL = new Set(['DONE', 'FAILED']);

/** The dropped file that fills a slot: same name, or same name without its extension. */
export function fileForSlot(files: File[], slot: Pick<UploadSlot, 'name'>): File | null {
  const bare = (n: string) => n.replace(/\.[^.]+$/, '');
  return files.find((f) => f.name === slot.name) ?? files.find((f) => bare(f.name) === bare(slot.name)) ?? null;
}

/** A payload without a `target` goes into the chosen project as a new design; one with a target is sent as it is. */
export function withTarget(doc: unknown, projectId: string | null): unknown {
  if (projectId === null || doc === null || typeof doc !== 'object' || Array.isArray(doc) || 'target' in doc) return doc;
  return { ...doc, target: { kind: 'design', project_uuid: projectId } };
}

function megabytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'no set size';
  return `${Math.round(bytes / 1_000_000)} MB`;
}

export function ImportPage(): View {
  return (
    <>
      <h1>Import</h1>
      <ImportPanel />
    </>
  );
}

export function ImportPanel(): View {
  const [text, setText] = useState('');
  const [assets, setAssets] = useState<File[]>([]);
  const [strict, setStrict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<Shown | null>(null);
  const [created, setCreated] = useState<ImportCreated | null>(null);
  const [picked, setPicked] = useState<Record<string, File>>({});
  const [record, setRecord] = useState<ImportRecord | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);

  const reset = () => {
    setNote(null);
    setError(null);
    setCreated(null);
    setPicked({});
    setRecord(null);
  };

  const take = async (files: File[]) => {
    const json = files.find((f) => f.name.endsWith('.json') || f.type === 'application/json');
    if (json) setText(await json.text());
    setAssets(files.filter((f) => f !== json));
    reset();
  };

  const parse = () => {
    try {
      return withTarget(JSON.parse(text), projectId);
    } catch (e) {
      throw new ApiError(400, { id: 'invalid_json', message: `The text is not JSON: ${shown(e).message}` });
    }
  };

  const act = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(shown(e));
    } finally {
      setBusy(false);
    }
  };

  const poll = async (id: string) => {
    for (;;) {
      const { data } = await api<ImportRecord>('GET', `/designs/import/json/${id}`);
      setRecord(data);
      if (FINAL.has(data.status)) {
        if (data.status === 'FAILED') {
          throw new ApiError(400, {
            id: data.error?.code ?? 'FAILED',
            message: 'The import failed.',
            errors: data.error ? [data.error] : [],
          });
        }
        return;
      }
      await new Promise((r) => setTimeout(r, data.next_check_after_ms ?? 1000));
    }
  };

  const check = act(async () => {
    reset();
    const doc = parse();
    await api('POST', '/designs/import/json', { body: doc, query: { validate_only: 'true' } });
    setNote('The payload is valid. Nothing was created.');
  });

  const start = act(async () => {
    reset();
    const doc = parse();
    const { data } = await api<ImportCreated>('POST', '/designs/import/json', { body: doc, query: strict ? { strict: 'true' } : {} });
    setCreated(data);
    const matched: Record<string, File> = {};
    for (const slot of data.uploads) {
      const file = fileForSlot(assets, slot);
      if (file) matched[slot.name] = file;
    }
    setPicked(matched);
    if (data.uploads.length === 0) {
      setNote('Nothing to upload: the import is queued.');
      await poll(data.id);
    }
  });

  const uploadAll = act(async () => {
    if (!created) return;
    for (const slot of created.uploads) {
      const file = picked[slot.name];
      if (file) await uploadToSlot(slot, file);
    }
    await api('PUT', `/designs/import/json/${created.id}`);
    setNote('Uploaded and validated: the import is queued.');
    await poll(created.id);
  });

  const slots = created?.uploads ?? [];
  const ready = slots.length > 0 && slots.every((s) => picked[s.name]);
  const designId = record?.status === 'DONE' && record.result?.kind === 'design' ? record.result.uuid : null;

  return (
    <section aria-labelledby="import-title" class="import">
      <h2 id="import-title">Import a design</h2>
      <Dropzone onFiles={take}>
        <p>Paste the payload below, or drop a design JSON here (with the files its layers name, if any).</p>
        <label for="import-files">Design JSON and files</label>
        <input
          id="import-files"
          type="file"
          multiple
          accept=".json,application/json,image/*,font/*,video/*,audio/*"
          onChange={(e: Event) => void take(filesOf(e))}
        />
      </Dropzone>
      <ProjectPicker id="import-project" label="Project (for a payload without a target)" value={projectId} onChange={setProjectId} />
      <label for="import-json">Payload</label>
      <textarea
        id="import-json"
        rows={14}
        spellcheck={false}
        value={text}
        aria-invalid={error?.errors?.length ? 'true' : 'false'}
        aria-describedby="import-errors"
        onInput={(e: Event) => setText(fieldValue(e))}
      />
      {assets.length ? <p>Files ready to upload: {assets.map((f) => f.name).join(', ')}</p> : null}
      <label class="inline">
        <input type="checkbox" checked={strict} onChange={(e: Event) => setStrict(checkedOf(e))} /> Strict (a text that does not fit fails
        the import)
      </label>
      <div class="actions">
        <button type="button" onClick={check} disabled={busy || !text.trim()}>
          Check
        </button>
        <button type="button" onClick={start} disabled={busy || !text.trim()}>
          Import
        </button>
      </div>
      {slots.length ? (
        <>
          <h2>Files the import asks for</h2>
          <ul class="slots">
            {slots.map((slot) => (
              <li key={slot.name}>
                <label for={`slot-${slot.name}`}>
                  <code>{slot.name}</code> ({slot.page}, up to {megabytes(slot.max_bytes)})
                </label>
                <input
                  id={`slot-${slot.name}`}
                  type="file"
                  onChange={(e: Event) => {
                    const [file] = filesOf(e);
                    if (file) setPicked({ ...picked, [slot.name]: file });
                  }}
                />
                {picked[slot.name] ? <span> {picked[slot.name]?.name}</span> : null}
              </li>
            ))}
          </ul>
          <button type="button" onClick={uploadAll} disabled={busy || !ready || record !== null}>
            Upload and validate
          </button>
        </>
      ) : null}
      {note ? <p aria-live="polite">{note}</p> : null}
      {record ? (
        <p aria-live="polite">
          Import <code>{record.id}</code>: {record.status}
        </p>
      ) : null}
      {record?.warnings?.length ? (
        <ul class="warnings">
          {record.warnings.map((w) => (
            <li>
              {w.path ? (
                <>
                  <code>{w.path}</code>:{' '}
                </>
              ) : null}
              {w.message} <code>{w.code}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <div id="import-errors">
        <ErrorBox error={error} title="The import was refused" />
      </div>
      {designId ? (
        <p class="ok">
          Imported. <a href={`#/design/${designId}`}>Open the design</a>
        </p>
      ) : null}
    </section>
  );
}
