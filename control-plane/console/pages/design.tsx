// Design: formats, layers and their properties from the design read; the as-import download;
// the import panel (pages/import.js) to bring another design in.
import { useState } from 'preact/hooks';
import type { DesignDetail } from '../answers.js';
import { api } from '../api.js';
import { here } from '../links.js';
import { normalizeDesign } from '../plan.js';
import { DataTable, downloadJson, ErrorBox, Loading, type Shown, shown, useApi, type View, when } from '../ui.js';
import { ImportPanel } from './import.js';

function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function DesignPage({ id }: { id: string }): View {
  const read = useApi<DesignDetail>('GET', `/designs/${id}`, undefined, [id]);
  const [downloadError, setDownloadError] = useState<Shown | null>(null);
  if (read.loading && !read.data) return <Loading what="the design" />;
  if (read.error || !read.data)
    return (
      <>
        <h1>Design</h1>
        <ErrorBox error={read.error} title="The design could not be read" />
      </>
    );
  const detail = read.data;
  const design = normalizeDesign(read.data);
  const frame = design.frames[0];
  const layers = frame ? design.layersOf(frame.id) : [];
  const asImport = async () => {
    setDownloadError(null);
    try {
      const { data } = await api<{ payload: unknown }>('GET', `/designs/${id}/as-import`);
      downloadJson(data.payload, `${design.name.replace(/[^\w.-]+/g, '-')}.json`);
    } catch (e) {
      setDownloadError(shown(e));
    }
  };
  return (
    <>
      <h1>{design.name}</h1>
      <p>
        <span class="tag">{design.type}</span> <span class="tag">{detail.project_name ?? ''}</span>
        Updated {when(detail.updated_at)}
      </p>
      <p class="row">
        <a class="button" href={`#/playground/${id}`}>
          Open in the playground
        </a>
        <a class="button" href={`#/editor/${id}`}>
          Edit
        </a>
        <button type="button" class="secondary" onClick={asImport}>
          Download as import JSON
        </button>
      </p>
      <ErrorBox error={downloadError} title="The as-import document could not be made" />

      <h2>{design.perFrame ? 'Pages' : 'Formats'}</h2>
      <DataTable columns={['Name', 'Size', 'Preview']}>
        {design.frames.map((f) => (
          <tr key={f.id}>
            <th scope="row">{f.id}</th>
            <td>
              {f.width} × {f.height} {f.unit}
            </td>
            <td>
              {f.preview_url ? (
                <a href={here(f.preview_url)} target="_blank" rel="noopener">
                  Preview of {f.id}
                </a>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </DataTable>

      <h2>
        Layers
        {frame ? (
          <>
            {' '}
            <small>(values in {frame.id})</small>
          </>
        ) : null}
      </h2>
      {layers.map((layer) => (
        <details key={layer.name} open={layers.length <= 6}>
          <summary>
            {layer.name} <span class="tag">{layer.type}</span>
          </summary>
          <DataTable columns={['Property', 'Value', 'Help']}>
            {layer.props.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <code>{p.id}</code>
                </th>
                <td>{show(p.value)}</td>
                <td>{p.help}</td>
              </tr>
            ))}
          </DataTable>
        </details>
      ))}

      <ImportPanel />
    </>
  );
}
