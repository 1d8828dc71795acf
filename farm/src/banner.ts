import { setTimeout as sleep } from 'node:timers/promises';
import { selectFirstStaticDesignId } from '@pressroom/platform';
import type pg from 'pg';

export interface BannerFacts {
  baseUrl: string;
  apiKey: string;
  createdWorkspace: boolean;
  /** A static example design of the demo workspace, for the ready-to-paste render line. */
  exampleDesignId: string | undefined;
}

/** Pure: the ready-to-paste line that renders an example design. */
function renderCommand(baseUrl: string, apiKey: string, designId: string): string[] {
  return [
    `    curl -s -X POST -H 'x-api-key: ${apiKey}' -H 'content-type: application/json' \\`,
    `      -d '{"elements":{}}' ${baseUrl}/banner-builder/${designId}/generate`,
  ];
}

/** Pure: what `npm start` prints once every role is up. */
export function bannerText(facts: BannerFacts): string {
  const { baseUrl, apiKey } = facts;
  const render = facts.exampleDesignId
    ? ['  Render an example design (prints JSON with file.url):', ...renderCommand(baseUrl, apiKey, facts.exampleDesignId)]
    : [
        '  Try (the example designs are still being imported; a render line follows):',
        `    curl -s -X POST -H 'x-api-key: ${apiKey}' ${baseUrl}/auth`,
      ];
  return [
    '',
    `Pressroom is running${facts.createdWorkspace ? ' (demo workspace created)' : ''}.`,
    `  Base URL:  ${baseUrl}`,
    `  API key:   ${apiKey}`,
    `  Console:   ${baseUrl}/console   (sign in with the API key)`,
    `  API docs:  ${baseUrl}/docs   (OpenAPI: ${baseUrl}/openapi.json)`,
    ...render,
    '  Stop:      Ctrl-C',
    '',
    '',
  ].join('\n');
}

/** Pure: the render line on its own, once the first example design is imported after the banner. */
export function renderLineText(facts: { baseUrl: string; apiKey: string; exampleDesignId: string }): string {
  return [
    '',
    'Example designs imported. Render one (prints JSON with file.url):',
    ...renderCommand(facts.baseUrl, facts.apiKey, facts.exampleDesignId),
    '',
    '',
  ].join('\n');
}

/** Pure: what Ctrl-C prints, so the key is on screen after the shutdown lines too. */
export function farewellText(apiKey: string): string {
  return `\nPressroom stopped. Your API key, for the next \`npm start\`: ${apiKey}\n\n`;
}

/**
 * The id of a static example design once its import has finished (the render worker processes
 * imports), or `undefined` after `timeoutMs`.
 */
export async function waitForExampleDesign(db: pg.Pool, workspaceId: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The database may be restarting (the farm supervises it): a failed read is read again.
    const id = await selectFirstStaticDesignId(db, workspaceId).catch(() => undefined);
    if (id) return id;
    await sleep(250);
  }
  return undefined;
}
