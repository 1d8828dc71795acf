// Projects where a design is made or imported: pick one, or create one on the spot (a fresh
// workspace has none), and copy its id (the `project_uuid` of an import's target, the
// `project_id` of a template's "use").
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Project } from './answers.js';
import { api } from './api.js';
import { Copy, ErrorBox, fieldValue, Loading, type Shown, shown, useApi, type View } from './ui.js';

/** "New project": a name, created with POST /projects; `onCreated` gets the new project. */
export function NewProject({
  id = 'project-name',
  label = 'New project',
  onCreated,
}: {
  id?: string;
  label?: string;
  onCreated: (project: Project) => void;
}): View {
  const [name, setName] = useState('');
  const [error, setError] = useState<Shown | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await api<Project>('POST', '/projects', { body: { name } });
      setName('');
      onCreated(data);
    } catch (err) {
      setError(shown(err));
    }
  };
  const nameError = error?.errors?.find((i) => i.path === 'name')?.message ?? (error ? error.message : null);
  return (
    <form class="row" aria-label={label} onSubmit={submit}>
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          value={name}
          required
          onInput={(e: Event) => setName(fieldValue(e))}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {nameError ? (
          <p class="error" id={`${id}-error`} role="alert">
            {nameError}
          </p>
        ) : null}
      </div>
      <button type="submit" class="secondary">
        Create project
      </button>
    </form>
  );
}

/** A project's id, with a button that copies it. */
export function ProjectId({ project }: { project: Project }): View {
  return (
    <span class="project-id">
      id <code data-project-id={project.id}>{project.id}</code>
      <Copy text={project.id} label={`Copy the id of ${project.name}`} />
    </span>
  );
}

/**
 * A choice among the workspace's projects (the first one unless chosen), with its copyable id, and
 * a form to create one: the only way into a workspace that has none. `onChange` gets the chosen id.
 */
export function ProjectPicker({
  id,
  label = 'Project',
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string | null;
  onChange: (id: string | null) => void;
}): View {
  const projects = useApi<Project[]>('GET', '/projects', undefined, []);
  const list = projects.data ?? [];
  // A project created here is the choice, also before the list is read again.
  const made = useRef<Project | null>(null);
  const chosen = list.find((p) => p.id === value) ?? (value && value === made.current?.id ? made.current : null) ?? list[0] ?? null;
  useEffect(() => {
    if ((chosen?.id ?? null) !== (value ?? null)) onChange(chosen?.id ?? null);
  }, [chosen?.id, value]);
  if (projects.error) return <ErrorBox error={projects.error} title="The projects could not be listed" />;
  if (!projects.data) return <Loading what="the projects" />;
  const created = (project: Project) => {
    made.current = project;
    onChange(project.id);
    projects.reload();
  };
  return (
    <fieldset class="project-picker">
      <legend>{label}</legend>
      {chosen ? (
        <div class="row">
          <div class="field">
            <label for={id}>Into project</label>
            <select id={id} value={chosen.id} onChange={(e: Event) => onChange(fieldValue(e))}>
              {(list.some((p) => p.id === chosen.id) ? list : [...list, chosen]).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <ProjectId project={chosen} />
        </div>
      ) : (
        <p class="notice">This workspace has no project yet: create one to put the design in.</p>
      )}
      <NewProject id={`${id}-new`} label={list.length ? 'Or a new project' : 'Project name'} onCreated={created} />
    </fieldset>
  );
}
