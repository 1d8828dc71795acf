// The console's shell: sign-in, navigation, and a hash router (the key never enters a URL).
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, keyRefused, session } from './api.js';
import { loadLinks } from './links.js';
import { BulkPage } from './pages/bulk.js';
import { DesignPage } from './pages/design.js';
import { DesignsPage } from './pages/designs.js';
import { EditorPage } from './pages/editor-open.js';
import { FontsPage } from './pages/fonts.js';
import { GenerationsPage } from './pages/generations.js';
import { ImportPage } from './pages/import.js';
import { PlaygroundPage } from './pages/playground.js';
import { WebhooksPage } from './pages/webhooks.js';
import { WorkspacePage } from './pages/workspace.js';
import { ErrorBox, fieldValue, leaveGuard, type Shown, shown, type View } from './ui.js';

const NAV: readonly (readonly [string, string])[] = [
  ['designs', 'Designs'],
  ['import', 'Import'],
  ['generations', 'Generations'],
  ['bulk', 'Bulk'],
  ['fonts', 'Fonts'],
  ['webhooks', 'Webhooks'],
  ['workspace', 'Workspace'],
];

/** A route: the page, and the id it shows (a design's), from the hash `#/<page>/<id>`. */
interface Route {
  page: string;
  id: string | null;
}

function parseRoute(hash: string): Route {
  const [page = 'designs', id] = hash.replace(/^#\/?/, '').split('/');
  // `#/design/` names no design, any more than `#/design` does.
  return { page: page || 'designs', id: id || null };
}

function useRoute(): Route {
  const [route, setRoute] = useState(parseRoute(location.hash));
  useEffect(() => {
    let last = location.hash;
    const on = () => {
      // A page with unsaved work may keep the user: the hash goes back, and the page stays.
      if (leaveGuard.current && !leaveGuard.current()) {
        history.replaceState(null, '', last);
        return;
      }
      last = location.hash;
      setRoute(parseRoute(location.hash));
    };
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** POST /auth: the workspace the key belongs to. */
interface Auth {
  company: string;
}

function SignIn({ onSignedIn }: { onSignedIn: (company: string) => void }): View {
  const [key, setKey] = useState('');
  const [error, setError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    session.signIn(key.trim());
    try {
      const { data } = await api<Auth>('POST', '/auth');
      onSignedIn(data.company);
    } catch (e) {
      session.signOut();
      setError(shown(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="signin">
      <h1>Sign in to Pressroom</h1>
      <p>
        Use a workspace API key. <code>npm start</code> prints one; <code>npm run admin -- key create</code> makes more. The key is kept in
        this tab's session storage only.
      </p>
      <form onSubmit={submit}>
        <div class="field">
          <label for="api-key">API key</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autocomplete="off"
            required
            size={48}
            placeholder="prk_…"
            value={key}
            onInput={(e: Event) => setKey(fieldValue(e))}
            aria-invalid={error ? 'true' : 'false'}
            aria-describedby={error ? 'api-key-error' : undefined}
          />
          {error ? (
            <p class="error" id="api-key-error">
              {error.message}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

const TITLES: Record<string, string> = { designs: 'Designs', design: 'Design', playground: 'Playground', editor: 'Editor' };

function Shell({ company, onSignOut }: { company: string; onSignOut: () => void }): View {
  const route = useRoute();
  const current = ['design', 'playground', 'editor'].includes(route.page) ? 'designs' : route.page;
  useEffect(() => {
    const title = TITLES[route.page] ?? NAV.find(([p]) => p === route.page)?.[1];
    document.title = `${title ?? 'Console'} · Pressroom`;
  }, [route.page]);
  let page: View;
  if (route.page === 'designs') page = <DesignsPage />;
  else if ((route.page === 'design' || route.page === 'playground') && route.id === null)
    page = <ErrorBox error={{ message: `The ${route.page} page needs a design: #/${route.page}/<design id>.` }} />;
  else if (route.page === 'design' && route.id !== null) page = <DesignPage id={route.id} />;
  else if (route.page === 'editor') page = <EditorPage id={route.id} />;
  else if (route.page === 'playground' && route.id !== null) page = <PlaygroundPage id={route.id} />;
  else if (route.page === 'import') page = <ImportPage />;
  else if (route.page === 'generations') page = <GenerationsPage />;
  else if (route.page === 'bulk') page = <BulkPage />;
  else if (route.page === 'fonts') page = <FontsPage />;
  else if (route.page === 'webhooks') page = <WebhooksPage />;
  else if (route.page === 'workspace') page = <WorkspacePage />;
  else page = <ErrorBox error={{ message: `There is no page “${route.page}”.` }} />;
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: the skip link is a link to #main; it moves the focus itself, since the hash routes the pages */}
      <a
        class="skip"
        href="#main"
        onClick={(e: Event) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <p class="brand">Pressroom</p>
        <nav aria-label="Console">
          <ul>
            {NAV.map(([p, label]) => (
              <li key={p}>
                <a href={`#/${p}`} aria-current={current === p ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <a href="/console/gallery/">Gallery</a>
            </li>
          </ul>
        </nav>
        <div class="who">
          <span>{company}</span>
          <button type="button" class="secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabindex={-1} key={`${route.page}/${route.id}`}>
        {page}
      </main>
    </>
  );
}

function App(): View {
  const [company, setCompany] = useState<string | null>(null);
  const [checking, setChecking] = useState(session.key() !== null);
  const [checkError, setCheckError] = useState<Shown | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!session.key()) return;
    setChecking(true);
    setCheckError(null);
    api<Auth>('POST', '/auth')
      .then(({ data }) => setCompany(data.company))
      // Only a refused key signs out; a check the farm could not answer now keeps it.
      .catch((e: unknown) => (keyRefused(e) ? session.signOut() : setCheckError(shown(e))))
      .finally(() => setChecking(false));
  }, [attempt]);
  if (checking)
    return (
      <main id="main">
        <p class="loading" role="status">
          Checking your key…
        </p>
      </main>
    );
  if (checkError)
    return (
      <main id="main">
        <ErrorBox error={checkError} title="Your key could not be checked" />
        <p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Check again
          </button>
        </p>
      </main>
    );
  if (!company) return <SignIn onSignedIn={setCompany} />;
  return (
    <Shell
      company={company}
      onSignOut={() => {
        session.signOut();
        setCompany(null);
      }}
    />
  );
}

const root = document.getElementById('app')!;
// The farm's file links are known before anything shows one (links.ts).
void loadLinks().then(() => {
  root.textContent = '';
  render(<App />, root);
});
