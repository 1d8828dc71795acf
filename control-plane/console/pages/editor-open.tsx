// Opening the editor: a stored design (its import form and its project) or a new one (its project,
// type and name), then the layer properties of its type and the canvas module, and the editor on them.
import type { DesignType, PropertyDescriptor } from '@pressroom/model/client';
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Kit, loadCanvas } from '../editor-io.js';
import { blankDesign, type Doc } from '../editor-model.js';
import { ProjectPicker } from '../projects.js';
import { ErrorBox, fieldValue, Loading, type Shown, shown, useApi } from '../ui.js';
import { Editor, type Opening } from './editor.js';

export function EditorPage({ id }: { id: string | null }): VNode {
  return id === 'new' || id === null ? <NewDesign /> : <ExistingDesign id={id} />;
}

function ExistingDesign({ id }: { id: string }): VNode {
  // A restored version is read again, and the editor opens on it.
  const [restores, setRestores] = useState(0);
  const read = useApi<{ payload: Doc }>('GET', `/designs/${id}/as-import`, undefined, [id, restores]);
  const meta = useApi<{ project_id: string }>('GET', `/designs/${id}`, undefined, [id]);
  if (read.loading || (meta.loading && !meta.data)) return <Loading what="the design" />;
  if (read.error || meta.error || !read.data || !meta.data)
    return (
      <>
        <h1>Editor</h1>
        <ErrorBox error={read.error ?? meta.error} title="The design could not be read" />
      </>
    );
  return (
    <WithDescriptors id={id} initial={read.data.payload} projectId={meta.data.project_id} onRestored={() => setRestores((n) => n + 1)} />
  );
}

/** "New design": the project (picked or created), the type and name, then the editor on a blank design of one frame. */
function NewDesign(): VNode {
  const [projectId, setProjectId] = useState<string | null>(null);
  const [type, setType] = useState<DesignType>('static');
  const [name, setName] = useState('Untitled design');
  const [started, setStarted] = useState<Doc | null>(null);
  if (started) return <WithDescriptors id={null} initial={started} projectId={projectId} />;
  return (
    <>
      <h1>New design</h1>
      <ProjectPicker id="new-project" label="Project of the design" value={projectId} onChange={setProjectId} />
      <form
        class="row"
        aria-label="New design"
        onSubmit={(e: Event) => {
          e.preventDefault();
          if (projectId) setStarted(blankDesign(type, name));
        }}
      >
        <div class="field">
          <label for="new-name">Name</label>
          <input id="new-name" value={name} onInput={(e: Event) => setName(fieldValue(e))} required />
        </div>
        <div class="field">
          <label for="new-type">Type</label>
          <select id="new-type" value={type} onChange={(e: Event) => setType(fieldValue(e) as DesignType)}>
            <option value="static">Static</option>
            <option value="animated">Animated</option>
            <option value="printer">Print</option>
            <option value="printer_multipage">Print, multipage</option>
          </select>
        </div>
        <button type="submit" disabled={!projectId} aria-describedby={projectId ? undefined : 'new-needs-project'}>
          Start
        </button>
        {projectId ? null : (
          <p class="hint" id="new-needs-project">
            A design lives in a project: pick or create one first.
          </p>
        )}
      </form>
    </>
  );
}

function WithDescriptors({ id, initial, projectId, onRestored }: Opening): VNode {
  const described = useApi<{ layers: Partial<Record<string, PropertyDescriptor[]>> }>(
    'GET',
    '/layer-properties',
    { query: { type: initial.type } },
    [initial.type],
  );
  const [canvas, setCanvas] = useState<Kit | null>(null);
  const [failed, setFailed] = useState<Shown | null>(null);
  useEffect(() => {
    loadCanvas().then(setCanvas, (e: unknown) => setFailed(shown(e)));
  }, []);
  // A font the design names that the canvas does not know (uploaded since the fonts were read):
  // the workspace's fonts are read again, once per such font.
  const asked = useRef(new Set<string>());
  const refreshFonts = (ids: string[]) => {
    const fresh = ids.filter((f) => !asked.current.has(f));
    if (fresh.length === 0) return;
    for (const f of fresh) asked.current.add(f);
    loadCanvas().then(setCanvas, () => {});
  };
  if (failed)
    return (
      <>
        <h1>Editor</h1>
        <ErrorBox error={failed} title="The canvas could not be loaded" />
      </>
    );
  if (described.error)
    return (
      <>
        <h1>Editor</h1>
        <ErrorBox error={described.error} title="The layer properties could not be read" />
      </>
    );
  if (!canvas || !described.data) return <Loading what="the canvas" />;
  return (
    <Editor
      id={id}
      initial={initial}
      projectId={projectId}
      descriptors={described.data.layers}
      kit={canvas}
      refreshFonts={refreshFonts}
      onRestored={onRestored}
    />
  );
}
