// Webhooks: subscriptions (add, remove, event filter), the delivery log with every attempt,
// redelivery, and the signing secret with rotate and revoke.

import { EVENT_TYPES, type EventType } from '@pressroom/model/client';
import { useState } from 'preact/hooks';
import type { Delivery, SigningSecret as Secret, Subscription } from '../answers.js';
import { api } from '../api.js';
import { checkedOf, DataTable, ErrorBox, fieldValue, Loading, type Shown, shown, useApi, type View, when } from '../ui.js';

export function WebhooksPage(): View {
  const subs = useApi<Subscription[]>('GET', '/webhook-subscriptions');
  const deliveries = useApi<Delivery[]>('GET', '/webhook-deliveries', { query: { per_page: 50 } });
  return (
    <>
      <h1>Webhooks</h1>
      <SigningSecret />
      <h2>Subscriptions</h2>
      <AddSubscription onAdded={subs.reload} />
      <ErrorBox error={subs.error} title="The subscriptions could not be listed" />
      {subs.loading && !subs.data ? <Loading what="subscriptions" /> : null}
      {subs.data?.length === 0 ? <p class="notice">No subscription yet.</p> : null}
      {subs.data?.length ? (
        <DataTable columns={['URL', 'Events', 'State', { skip: 'Actions' }]}>
          {subs.data.map((s) => (
            <SubscriptionRow key={s.id} sub={s} onRemoved={subs.reload} />
          ))}
        </DataTable>
      ) : null}
      <h2>Delivery log</h2>
      <p>
        <button type="button" id="refresh-log" class="secondary" onClick={deliveries.reload}>
          Refresh the log
        </button>
      </p>
      <ErrorBox error={deliveries.error} title="The delivery log could not be read" />
      {deliveries.loading && !deliveries.data ? <Loading what="deliveries" /> : null}
      {deliveries.data?.length === 0 ? <p class="notice">Nothing delivered yet.</p> : null}
      {(deliveries.data ?? []).map((d) => (
        <DeliveryItem key={d.id} delivery={d} onRedelivered={deliveries.reload} />
      ))}
    </>
  );
}

function SigningSecret(): View {
  const secret = useApi<Secret>('GET', '/signing-secret');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const act = async (path: string) => {
    setError(null);
    try {
      await api('POST', path);
      secret.reload();
    } catch (e) {
      setError(shown(e));
    }
  };
  return (
    <section aria-labelledby="secret-title">
      <h2 id="secret-title">Signing secret</h2>
      {secret.loading && !secret.data ? <Loading what="the signing secret" /> : null}
      <ErrorBox error={secret.error ?? error} />
      {secret.data ? (
        <>
          <p>
            <code id="signing-secret">{visible ? secret.data.secret : `${secret.data.secret.slice(0, 10)}…`}</code>
            <button type="button" class="secondary" onClick={() => setVisible(!visible)}>
              {visible ? 'Hide' : 'Show'}
            </button>
          </p>
          <p>
            Created {when(secret.data.created_at_ts)}
            {secret.data.rotated_at_ts ? `, rotated ${when(secret.data.rotated_at_ts)}` : ''}.
            {secret.data.previous_secret_expires_at_ts
              ? `The previous secret keeps verifying until ${when(secret.data.previous_secret_expires_at_ts)}.`
              : ''}
          </p>
          <p class="row">
            <button type="button" onClick={() => act('/signing-secret/rotate')}>
              Rotate
            </button>
            <button type="button" class="danger" onClick={() => act('/signing-secret/revoke')}>
              Revoke the previous secret now
            </button>
          </p>
        </>
      ) : null}
    </section>
  );
}

function AddSubscription({ onAdded }: { onAdded: () => void }): View {
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const [error, setError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldError = (field: string) =>
    error?.errors?.find((e) => e.path === field || e.path.startsWith(`${field}.`) || e.path.startsWith(`${field}[`))?.message;
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/webhook-subscriptions', { body: { url, event_types: types.length ? types : null } });
      setUrl('');
      setTypes([]);
      onAdded();
    } catch (e) {
      setError(shown(e));
    } finally {
      setBusy(false);
    }
  };
  const urlError = fieldError('url');
  return (
    <form aria-label="Add a subscription" onSubmit={submit}>
      <div class="field">
        <label for="sub-url">HTTPS URL</label>
        <input
          id="sub-url"
          type="url"
          required
          size={50}
          placeholder="https://example.com/hooks/pressroom"
          value={url}
          onInput={(e: Event) => setUrl(fieldValue(e))}
          aria-invalid={urlError ? 'true' : 'false'}
          aria-describedby={urlError ? 'sub-url-error' : undefined}
        />
        {urlError ? (
          <p class="error" id="sub-url-error">
            {urlError}
          </p>
        ) : null}
      </div>
      <fieldset class="field">
        <legend>Events (none ticked: every event)</legend>
        {EVENT_TYPES.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={types.includes(t)}
              onChange={(e: Event) => setTypes(checkedOf(e) ? [...types, t] : types.filter((x) => x !== t))}
            />{' '}
            {t}
          </label>
        ))}
      </fieldset>
      {error && !urlError ? <ErrorBox error={error} title="The subscription was refused" /> : null}
      <button type="submit" disabled={busy}>
        Add the subscription
      </button>
    </form>
  );
}

function SubscriptionRow({ sub, onRemoved }: { sub: Subscription; onRemoved: () => void }): View {
  const [error, setError] = useState<Shown | null>(null);
  const remove = async () => {
    try {
      await api('DELETE', `/webhook-subscriptions/${sub.id}`);
      onRemoved();
    } catch (e) {
      setError(shown(e));
    }
  };
  return (
    <tr>
      <td>
        <code>{sub.url}</code>
        {error ? <p class="error-text">{error.message}</p> : null}
      </td>
      <td>{sub.event_types ? sub.event_types.join(', ') : 'every event'}</td>
      <td>{sub.active ? 'active' : `off (${sub.deactivation_reason ?? 'inactive'})`}</td>
      <td>
        {sub.active ? (
          <button type="button" class="danger" onClick={remove}>
            Remove<span class="skip"> {sub.url}</span>
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function DeliveryItem({ delivery: d, onRedelivered }: { delivery: Delivery; onRedelivered: () => void }): View {
  const [error, setError] = useState<Shown | null>(null);
  const [queued, setQueued] = useState<number | null>(null);
  const redeliver = async () => {
    setError(null);
    try {
      const { data } = await api<{ attempt: number }>('POST', `/webhook-deliveries/${d.id}/redeliver`);
      setQueued(data.attempt);
      setTimeout(onRedelivered, 1500);
    } catch (e) {
      setError(shown(e));
    }
  };
  return (
    <article class="notice delivery" aria-labelledby={`del-${d.id}`}>
      <h3 id={`del-${d.id}`}>
        {d.event_type} → <code>{d.url}</code> <span class="tag">{d.status}</span>
      </h3>
      <p>
        {when(d.created_at_ts)} · {d.target_kind} · delivery id <code>{d.delivery_id.slice(0, 12)}…</code>
      </p>
      <DataTable columns={['Attempt', 'When', 'Answer', 'Outcome', 'Time']}>
        {d.attempt_log.map((a) => (
          <tr key={a.attempt} class="attempt">
            <td>
              {a.attempt}
              {a.manual ? ' (by hand)' : ''}
            </td>
            <td>{when(a.attempted_at_ts)}</td>
            <td>
              {a.status_code ?? '—'} {a.reason}
            </td>
            <td>{a.outcome}</td>
            <td>{a.duration_ms} ms</td>
          </tr>
        ))}
      </DataTable>
      <p class="row">
        <button type="button" class="secondary redeliver" onClick={redeliver}>
          Redeliver
          <span class="skip">
            {' '}
            {d.event_type} to {d.url}
          </span>
        </button>
        {queued ? (
          <span role="status" class="ok">
            Attempt {queued} queued.
          </span>
        ) : null}
        {error ? <span class="error-text">{error.message}</span> : null}
      </p>
    </article>
  );
}
