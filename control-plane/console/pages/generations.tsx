// Generations: requests and their files, newest first, with status, errors, downloads and the
// event deliveries of each.
import { useState } from 'preact/hooks';
import type { Delivery, GenerationRequest } from '../answers.js';
import { here } from '../links.js';
import { ErrorBox, Loading, useApi, type View, when } from '../ui.js';
import { FileView } from './files.js';

const PER_PAGE = 20;

export function GenerationsPage(): View {
  const [page, setPage] = useState(1);
  const list = useApi<GenerationRequest[]>('GET', '/generation-requests', { query: { page, per_page: PER_PAGE } }, [page]);
  const total = Number(list.headers?.get('x-total-count') ?? 0);
  return (
    <>
      <h1>Generations</h1>
      <p class="row">
        <button type="button" class="secondary" onClick={list.reload}>
          Refresh
        </button>
        {total ? (
          <span>
            {total} request{total === 1 ? '' : 's'}; page {page} of {Math.max(1, Math.ceil(total / PER_PAGE))}
          </span>
        ) : null}
      </p>
      <ErrorBox error={list.error} title="The generations could not be listed" />
      {list.loading && !list.data ? <Loading what="generations" /> : null}
      {list.data?.length === 0 ? <p class="notice">Nothing generated yet. Try the playground of a design.</p> : null}
      {(list.data ?? []).map((r) => (
        <RequestCard key={r.id} request={r} />
      ))}
      <nav aria-label="Pages" class="row">
        <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <button type="button" class="secondary" disabled={page * PER_PAGE >= total} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </nav>
    </>
  );
}

const STATUS: Record<string, string> = { in_progress: 'In progress', finalized: 'Finished', gone: 'Expired (kept 7 days)' };

function RequestCard({ request: r }: { request: GenerationRequest }): View {
  const [open, setOpen] = useState(false);
  return (
    <article class="notice" aria-labelledby={`req-${r.id}`}>
      <h2 id={`req-${r.id}`}>
        {r.design_name ?? 'Deleted design'} <span class="tag">{r.kind}</span> <span class="tag">{r.file_type}</span>
        <span class="tag">{STATUS[r.status] ?? r.status}</span>
      </h2>
      <p>
        Request <code>{r.id}</code> · {when(r.created_at_ts)} · {r.banners.length} of {r.expected_files} file(s)
      </p>
      {r.errors.map((e) => (
        <p key={`${e.template_format_name}: ${e.reason}`} class="error-text">
          {e.template_format_name}: {e.reason}
        </p>
      ))}
      {r.banners.length ? (
        <ul class="gallery">
          {r.banners.map((b) => (
            <li key={b.file.url} class="card">
              <FileView
                url={here(b.file.cdn_url ?? b.file.url)}
                type={b.file.type}
                fallback={here(b.file.fallback_image_url)}
                alt={`${r.design_name ?? 'File'}, ${b.format?.id ?? ''}`}
              />
              <div class="body">
                <span>{b.format?.id ?? ''}</span>
                <a href={here(b.file.url)}>Download {b.file.filename ?? b.file.type}</a>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" class="secondary" aria-expanded={open ? 'true' : 'false'} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} event deliveries
      </button>
      {open ? <Deliveries requestId={r.id} /> : null}
    </article>
  );
}

function Deliveries({ requestId }: { requestId: string }): View {
  const list = useApi<Delivery[]>('GET', '/webhook-deliveries', { query: { generation_request_id: requestId } }, [requestId]);
  if (list.loading && !list.data) return <Loading what="deliveries" />;
  if (list.error || !list.data) return <ErrorBox error={list.error} />;
  if (list.data.length === 0) return <p>No event was delivered for this request (no callback_url and no subscription).</p>;
  return (
    <ul>
      {list.data.map((d) => (
        <li key={d.id}>
          {d.event_type} to <code>{d.url}</code>: {d.status} after {d.attempts} attempt(s)
        </li>
      ))}
    </ul>
  );
}
