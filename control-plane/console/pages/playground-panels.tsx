// The playground's panels beside its form: the live preview, a generation followed to its end,
// the AI operations of an image layer, and the request to copy (curl, Python SDK, Node).
import { useEffect, useState } from 'preact/hooks';
import type { Banner, GenerationError } from '../answers.js';
import { session } from '../api.js';
import { here } from '../links.js';
import { type AiControls as AiOffer, type Endpoint, fieldKey, type PlayDesign, snippets } from '../plan.js';
import { Copy, checkedOf, type FieldAttrs, fieldValue, type Shown, type View } from '../ui.js';
import { FileView } from './files.js';

/** A sync render shown in the preview: its file, and the time from request to answer. */
export interface Preview {
  url: string;
  type: string;
  ms: number;
  id: string;
}

/** A generation the playground started, followed until it has finished. */
export interface Job {
  status: 'sending' | 'in_progress' | 'done' | 'failed';
  started: number;
  requestId?: string;
  files: Banner[];
  errors: GenerationError[];
}

export function SyncPreview({ preview, busy }: { preview: Preview | null; busy: boolean }): View {
  return (
    <div aria-busy={busy ? 'true' : 'false'}>
      <p role="status" class="loading">
        {busy ? 'Rendering…' : preview ? `Rendered in ${preview.ms} ms.` : 'Waiting for the first render…'}
      </p>
      {preview ? (
        <figure>
          <FileView url={here(preview.url)} type={preview.type} alt="Live preview" />
          <figcaption>
            Latency <span id="pg-latency">{preview.ms}</span> ms (request to answer, sync endpoint)
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}

export function JobView({ job }: { job: Job }): View {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (job.status !== 'in_progress' && job.status !== 'sending') return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [job.status]);
  const seconds = ((now - job.started) / 1000).toFixed(1);
  return (
    <section aria-labelledby="job-title">
      <h3 id="job-title">
        Generation{' '}
        {job.requestId ? (
          <a href="#/generations">
            <code>{job.requestId.slice(0, 8)}</code>
          </a>
        ) : null}
      </h3>
      {job.status === 'in_progress' || job.status === 'sending' ? (
        <p role="status">
          Rendering… {seconds} s <progress aria-label="Generation progress" />
        </p>
      ) : null}
      {job.status === 'done' ? (
        <p role="status" class="ok">
          Finished: {job.files.length} file(s){job.errors.length ? `, ${job.errors.length} error(s)` : ''}.
        </p>
      ) : null}
      {job.errors.map((e) => (
        <p key={`${e.template_format_name}: ${e.reason}`} class="error-text">
          {e.template_format_name}: {e.reason}
        </p>
      ))}
      {job.files.map((f) => (
        <figure key={f.file.url}>
          <FileView
            url={here(f.file.cdn_url ?? f.file.url)}
            type={f.file.type}
            fallback={here(f.file.fallback_image_url)}
            alt={`Generated ${f.format?.id ?? 'file'}`}
          />
          <figcaption>
            <a href={here(f.file.url)}>Download {f.file.filename ?? f.file.type}</a>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}

const AI_LABELS: Record<string, string> = {
  remove_bg: 'Remove the background',
  auto_focus: 'Auto focus on the subject',
  upscale: 'Upscale',
  expand: 'Expand (outpaint) to the layer box',
  text_to_image: 'Text to image: prompt',
};

/**
 * The AI operations of an image layer this farm runs (GET /capabilities), and a note naming the
 * others and why they are not offered.
 */
export function AiControls({
  layer,
  ai,
  live,
  values,
  errors,
  unknown,
  failure,
  onChange,
}: {
  layer: string;
  ai: AiOffer;
  live: boolean;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  unknown: boolean;
  failure: Shown | null;
  onChange: (op: string, value: unknown) => void;
}): View {
  if (unknown)
    return <p class="hint ai-note">{failure ? `AI operations unknown: ${failure.message}` : 'Reading what this farm’s AI can do…'}</p>;
  if (ai.offered.length === 0 && ai.unavailable.length === 0) return null;
  return (
    <fieldset class="ai" aria-label={`AI operations of ${layer}`}>
      <legend>AI</legend>
      {ai.offered.map(({ op, kind, sync }) => {
        const id = fieldKey(layer, op);
        const error = errors[id];
        const common: FieldAttrs & { name: string } = {
          id,
          name: `${layer}.${op}`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        const note = live && !sync ? <p class="hint">Runs with Generate only (the live preview is synchronous).</p> : null;
        return (
          <div class="field ai-op" data-op={op}>
            {kind === 'prompt' ? (
              <>
                <label for={id}>{AI_LABELS[op]}</label>
                <textarea
                  {...common}
                  rows={2}
                  placeholder="Three words or more"
                  onInput={(e: Event) => onChange(op, fieldValue(e).trim() === '' ? undefined : fieldValue(e))}
                  value={typeof values[op] === 'string' ? values[op] : ''}
                />
              </>
            ) : (
              <label>
                <input
                  type="checkbox"
                  {...common}
                  checked={values[op] === true}
                  onChange={(e: Event) => onChange(op, checkedOf(e) ? true : undefined)}
                />{' '}
                {AI_LABELS[op]} <code>{op}</code>
              </label>
            )}
            {note}
            {error ? (
              <p class="error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {ai.unavailable.length ? (
        <div class="hint ai-note" id={`${fieldKey(layer, 'ai')}-note`}>
          <p>Not offered on this farm:</p>
          <ul>
            {ai.unavailable.map(({ op, reason }) => (
              <li key={op}>
                <code>{op}</code>: {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}

type Tab = 'curl' | 'python' | 'node';

const TABS: readonly (readonly [Tab, string])[] = [
  ['curl', 'curl'],
  ['python', 'Python SDK'],
  ['node', 'Node'],
];

export function Snippets({ design, endpoint, body }: { design: PlayDesign; endpoint: Endpoint; body: unknown }): View {
  const [tab, setTab] = useState<Tab>('curl');
  const all = snippets({ baseUrl: location.origin, apiKey: session.key() ?? 'prk_…', design, endpoint, body });
  const tabs = TABS;
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex(([t]) => t === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
    const [to] = tabs[next] ?? [];
    if (!to) return;
    setTab(to);
    document.getElementById(`tab-${to}`)?.focus();
  };
  return (
    <section class="tabs" aria-labelledby="copy-title">
      <h3 id="copy-title">Copy the request</h3>
      <div role="tablist" aria-label="Request as" onKeyDown={onKey}>
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t ? 'true' : 'false'}
            aria-controls="snippet-panel"
            tabindex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="snippet-panel" aria-labelledby={`tab-${tab}`} tabindex={0}>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll region (axe: scrollable-region-focusable) is named for the screen reader */}
        <pre tabindex={0} aria-label="Request">
          <code>{all[tab]}</code>
        </pre>
        <Copy text={all[tab]} label={`Copy as ${tabs.find(([t]) => t === tab)?.[1] ?? tab}`} />
      </div>
    </section>
  );
}
