// Workspace: credits, plan, projects, workspace templates with "use", rate-limit usage, and the MCP endpoint.
import { useState } from 'preact/hooks';
import type { CreditBlock as Block, Credits, Duplication, Project, Workspace, WorkspaceTemplate } from '../answers.js';
import { api, lastRateLimit, session } from '../api.js';
import { here } from '../links.js';
import { NewProject, ProjectId } from '../projects.js';
import { Copy, DataTable, ErrorBox, fieldValue, Loading, type Shown, shown, useApi, type View, when } from '../ui.js';

/** The rate-limit tiers the page lists, in its order. */
const TIERS = ['read', 'write', 'polling', 'validation'] as const;

function CreditBlock({ title, block }: { title: string; block: Block }): View {
  return (
    <div class="notice">
      <h3>{title}</h3>
      <p>
        <strong>{block.available}</strong> available of {block.limit}
        {block.extra ? ` + ${block.extra} extra` : ''} ({block.consumed} used)
      </p>
      <meter min="0" max={Math.max(1, block.limit + block.extra)} value={block.available} aria-label={`${title} available`} />
    </div>
  );
}

export function WorkspacePage(): View {
  const ws = useApi<Workspace>('GET', '/workspace');
  const credits = useApi<Credits>('GET', '/credits');
  const projects = useApi<Project[]>('GET', '/projects');
  const templates = useApi<WorkspaceTemplate[]>('GET', '/workspace-templates');
  const limits = ws.data?.rate_limits;
  const usage = ws.headers
    ? {
        limit: ws.headers.get('x-ratelimit-limit'),
        remaining: ws.headers.get('x-ratelimit-remaining'),
        reset: ws.headers.get('x-ratelimit-reset'),
      }
    : null;
  return (
    <>
      <h1>Workspace</h1>
      <ErrorBox error={ws.error ?? credits.error} />
      {ws.loading && !ws.data ? <Loading what="the workspace" /> : null}
      {ws.data ? (
        <p>
          <strong>{ws.data.name}</strong> · plan <span class="tag">{ws.data.plan}</span> · id <code>{ws.data.id}</code>
        </p>
      ) : null}
      <h2>Credits</h2>
      {credits.data ? (
        <div class="row">
          <CreditBlock title="Generation credits" block={credits.data.generation_credits} />
          <CreditBlock title="AI credits" block={credits.data.ai_credits} />
        </div>
      ) : null}
      <h2>Rate limits</h2>
      {limits ? (
        <>
          <DataTable columns={['Tier', 'Per minute', 'Per hour']}>
            {TIERS.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                <td>{limits[t].per_minute}</td>
                <td>{limits[t].per_hour}</td>
              </tr>
            ))}
          </DataTable>
          <p>
            Every workspace: at most {limits.global_per_second} requests per second.
            {usage?.limit
              ? ` Read tier now: ${usage.remaining} of ${usage.limit} left in the window closest to its limit (resets ${when(Number(usage.reset))}).`
              : ''}
            {lastRateLimit.value && lastRateLimit.value.path !== '/workspace'
              ? ` Last budgeted call (${lastRateLimit.value.path}): ${lastRateLimit.value.remaining} of ${lastRateLimit.value.limit} left.`
              : ''}
          </p>
        </>
      ) : null}
      <McpEndpoint />
      <h2>Projects</h2>
      <NewProject onCreated={() => projects.reload()} />
      {projects.data ? (
        <ul class="projects">
          {projects.data.map((p) => (
            <li key={p.id}>
              {p.name} <small>(created {when(p.created_at_ts)})</small> <ProjectId project={p} />
            </li>
          ))}
        </ul>
      ) : null}
      <h2>Workspace templates</h2>
      <ErrorBox error={templates.error} />
      {templates.data?.length === 0 ? <p class="notice">No workspace template.</p> : null}
      {templates.data?.length ? (
        <ul class="gallery">
          {templates.data.map((t) => (
            <TemplateCard key={t.id} template={t} projects={projects.data ?? []} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * The MCP client configurations of docs/mcp.md, for this farm and the signed-in key: a client that
 * takes a URL and headers, Claude Code's command, and a stdio-only client through mcp-remote.
 */
export function mcpConfigs(endpoint: string, key: string): [id: string, label: string, text: string][] {
  const native = { mcpServers: { pressroom: { url: endpoint, headers: { 'x-api-key': key } } } };
  const bridged = {
    mcpServers: {
      pressroom: {
        command: 'npx',
        args: [
          '-y',
          'mcp-remote',
          endpoint,
          '--header',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote fills ${VAR} from the env below, keeping the key out of the arguments.
          'x-api-key:${PRESSROOM_API_KEY}',
          ...(endpoint.startsWith('http:') ? ['--allow-http'] : []),
        ],
        env: { PRESSROOM_API_KEY: key },
      },
    },
  };
  return [
    ['mcp-cursor', 'Cursor (.cursor/mcp.json) or any client that takes a URL and headers', JSON.stringify(native, null, 2)],
    ['mcp-claude-code', 'Claude Code', `claude mcp add --transport http pressroom ${endpoint} --header "x-api-key: ${key}"`],
    ['mcp-remote', 'Claude Desktop (claude_desktop_config.json, through mcp-remote)', JSON.stringify(bridged, null, 2)],
  ];
}

function McpEndpoint(): View {
  const endpoint = `${location.origin}/mcp`;
  return (
    <section aria-labelledby="mcp-title">
      <h2 id="mcp-title">MCP endpoint for AI agents</h2>
      <p>
        Endpoint <code>{endpoint}</code> (Streamable HTTP, stateless), authenticated by this key in <code>x-api-key</code>
        or <code>Authorization: Bearer</code>. Tool calls draw from the same credits and rate limits as the API.
      </p>
      {mcpConfigs(endpoint, session.key() ?? 'prk_…').map(([id, label, text]) => (
        <div key={id} class="mcp-config">
          <h3 id={id}>{label}</h3>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll region (axe: scrollable-region-focusable) is named for the screen reader */}
          <pre tabindex={0} aria-labelledby={id}>
            <code>{text}</code>
          </pre>
          <Copy text={text} label={`Copy: ${label}`} />
        </div>
      ))}
    </section>
  );
}

/** The use of a template: under way, done (with the new design), or failed. */
type UseState = { busy: true } | { done: true; designId: string | null; status: string } | { error: Shown };

function TemplateCard({ template: t, projects }: { template: WorkspaceTemplate; projects: Project[] }): View {
  const [chosen, setProject] = useState('');
  const project = chosen || projects[0]?.id || '';
  const [state, setState] = useState<UseState | null>(null);
  const use = async () => {
    setState({ busy: true });
    try {
      const { data } = await api<{ duplication_request_id: string }>('POST', `/workspace-templates/${t.id}/use`, {
        body: { project_id: project },
      });
      const requestId = data.duplication_request_id;
      for (;;) {
        const { data: d } = await api<Duplication>('GET', `/design-duplication-requests/${requestId}`);
        const designId = d.designs?.[0]?.target_design_id ?? null;
        if (d.status !== 'INIT' && d.status !== 'IN_PROGRESS') {
          setState({ done: true, designId, status: d.status });
          return;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    } catch (e) {
      setState({ error: shown(e) });
    }
  };
  const selectId = `use-${t.id}`;
  return (
    <li class="card">
      {t.preview_url ? <img src={here(t.preview_url)} alt={`Preview of ${t.name}`} loading="lazy" /> : null}
      <div class="body">
        <h3>{t.name}</h3>
        <label for={selectId}>Into project</label>
        <select id={selectId} value={project} onChange={(e: Event) => setProject(fieldValue(e))}>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={use} disabled={(state !== null && 'busy' in state) || !project}>
          Use<span class="skip"> {t.name}</span>
        </button>
        {state && 'busy' in state ? <p role="status">Copying…</p> : null}
        {state && 'done' in state ? (
          <p class="ok" role="status">
            Copied ({state.status}).
            {state.designId ? (
              <>
                {' '}
                <a href={`#/design/${state.designId}`}>Open the new design</a>
              </>
            ) : null}
          </p>
        ) : null}
        {state && 'error' in state ? <ErrorBox error={state.error} title="The template could not be used" /> : null}
      </div>
    </li>
  );
}
