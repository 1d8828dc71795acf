// The editor's versions of a saved design (GET /designs/<id>/versions, newest first), each with
// its maker and time, and "Restore" on an older one: POST …/versions/<n>/restore makes it the
// design's document again as a new version (docs/designs-api.md), and the editor opens it.
import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { ErrorBox, Loading, type Shown, useApi, when } from '../ui.js';

/** A version of a design, as GET /designs/<id>/versions lists it. */
interface Version {
  number: number;
  current: boolean;
  made_by: string;
  restored_from: number | null;
  created_at: number;
}

export function VersionsPanel({ id, dirty, onRestored }: { id: string; dirty: boolean; onRestored: () => void }): VNode {
  const versions = useApi<Version[]>('GET', `/designs/${id}/versions`, undefined, [id]);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<Shown | null>(null);
  const restore = async (number: number) => {
    if (dirty && !confirm(`This design has unsaved changes. Restore version ${number} and drop them?`)) return;
    setBusy(number);
    setError(null);
    try {
      await api('POST', `/designs/${id}/versions/${number}/restore`);
      onRestored();
    } catch (e) {
      setError(e instanceof Error ? e : { message: String(e) });
      setBusy(null);
    }
  };
  return (
    <details class="versions">
      <summary>Versions</summary>
      <ErrorBox error={versions.error ?? error} title="The versions could not be read or restored" />
      {versions.data ? null : <Loading what="the versions" />}
      <ol class="version-list">
        {(versions.data ?? []).map((v) => (
          <li key={v.number} data-version={v.number}>
            <span>
              Version {v.number}
              {v.current ? ' (current)' : ''}
            </span>
            <small>
              {' '}
              {v.made_by}
              {v.restored_from ? ` of version ${v.restored_from}` : ''}, {when(v.created_at)}
            </small>
            {v.current ? null : (
              <>
                {' '}
                <button type="button" class="secondary" disabled={busy !== null} onClick={() => restore(v.number)}>
                  {busy === v.number ? (
                    'Restoring…'
                  ) : (
                    <>
                      Restore<span class="skip"> version {v.number}</span>
                    </>
                  )}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
