// The editor's versions of a saved design (GET /designs/<id>/versions, newest first), each with
// its maker and time, and "Restore" on an older one: POST …/versions/<n>/restore makes it the
// design's document again as a new version (docs/designs-api.md), and the editor opens it.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { ErrorBox, html, Loading, useApi, when } from '../ui.js';

export function VersionsPanel({ id, dirty, onRestored }) {
  const versions = useApi('GET', `/designs/${id}/versions`, undefined, [id]);
  const [busy, setBusy] = useState(null);
  const [error, setError] = useState(null);
  const restore = async (number) => {
    if (dirty && !confirm(`This design has unsaved changes. Restore version ${number} and drop them?`)) return;
    setBusy(number);
    setError(null);
    try {
      await api('POST', `/designs/${id}/versions/${number}/restore`);
      onRestored();
    } catch (e) {
      setError(e);
      setBusy(null);
    }
  };
  return html`<details class="versions">
    <summary>Versions</summary>
    <${ErrorBox} error=${versions.error ?? error} title="The versions could not be read or restored" />
    ${versions.data ? null : html`<${Loading} what="the versions" />`}
    <ol class="version-list">
      ${(versions.data ?? []).map(
        (v) => html`<li data-version=${v.number}>
          <span>Version ${v.number}${v.current ? ' (current)' : ''}</span>
          <small> ${v.made_by}${v.restored_from ? ` of version ${v.restored_from}` : ''}, ${when(v.created_at)}</small>
          ${
            v.current
              ? null
              : html` <button type="button" class="secondary" disabled=${busy !== null} onClick=${() => restore(v.number)}>
                  ${busy === v.number ? 'Restoring…' : html`Restore<span class="skip"> version ${v.number}</span>`}</button>`
          }
        </li>`,
      )}
    </ol>
  </details>`;
}
