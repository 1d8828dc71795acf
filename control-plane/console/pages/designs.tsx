// Designs: a gallery with previews, filtered by type and project and searched, as GET /designs offers.

import type { DesignType } from '@pressroom/model/client';
import { useState } from 'preact/hooks';
import type { DesignSummary, Project } from '../answers.js';
import { here } from '../links.js';
import { debounce } from '../plan.js';
import { ErrorBox, fieldValue, Loading, useApi, type View } from '../ui.js';

/** The type filter: every type, or one (the model's design types, each with its name here). */
const TYPES: readonly (readonly ['' | DesignType, string])[] = [
  ['', 'Every type'],
  ['static', 'Static'],
  ['animated', 'Animated'],
  ['printer', 'Print'],
  ['printer_multipage', 'Print, multipage'],
];

export function DesignsPage(): View {
  const [type, setType] = useState('');
  const [project, setProject] = useState('');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [applySearch] = useState(() => debounce(setSearch, 300));
  const projects = useApi<Project[]>('GET', '/projects');
  const designs = useApi<DesignSummary[]>('GET', '/designs', { query: { type, project_id: project, query: search, sort: 'name' } }, [
    type,
    project,
    search,
  ]);
  return (
    <>
      <h1>Designs</h1>
      <p>
        <a class="button" href="#/editor/new">
          New design
        </a>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself: <search> would add a wrapper for the same */}
      <form class="row" role="search" onSubmit={(e: Event) => e.preventDefault()}>
        <div class="field">
          <label for="design-search">Search</label>
          <input
            id="design-search"
            type="search"
            value={typed}
            placeholder="Name or words"
            onInput={(e: Event) => {
              setTyped(fieldValue(e));
              applySearch(fieldValue(e));
            }}
          />
        </div>
        <div class="field">
          <label for="design-type">Type</label>
          <select id="design-type" value={type} onChange={(e: Event) => setType(fieldValue(e))}>
            {TYPES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="design-project">Project</label>
          <select id="design-project" value={project} onChange={(e: Event) => setProject(fieldValue(e))}>
            <option value="">Every project</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ErrorBox error={designs.error ?? projects.error} title="The designs could not be listed" />
      {designs.loading && !designs.data ? <Loading what="designs" /> : null}
      {designs.data && designs.data.length === 0 ? (
        <p class="notice">No design matches. Import one from a design's page, or clear the filters.</p>
      ) : null}
      {designs.data?.length ? (
        <>
          <p class="loading" aria-live="polite">
            {designs.data.length} design{designs.data.length === 1 ? '' : 's'}
          </p>
          <ul class="gallery">
            {designs.data.map((d) => (
              <li key={d.id} class="card">
                {d.preview_url ? (
                  <img src={here(d.preview_url)} alt={`Preview of ${d.name}`} loading="lazy" />
                ) : (
                  <div class="notice">No preview yet</div>
                )}
                <div class="body">
                  <h2>
                    <a href={`#/design/${d.id}`}>{d.name}</a>
                  </h2>
                  <p>
                    <span class="tag">{d.type}</span> <span class="tag">{d.project_name}</span>
                  </p>
                  <p>
                    <a class="button" href={`#/playground/${d.id}`}>
                      Playground<span class="skip"> for {d.name}</span>
                    </a>
                    <a class="button secondary" href={`#/editor/${d.id}`}>
                      Edit<span class="skip"> {d.name}</span>
                    </a>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
