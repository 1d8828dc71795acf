import type { HTTPRequest, Page } from 'puppeteer';
import type { AssetRegistry } from './asset-registry.js';
import { ASSET_ORIGIN } from './chromium-args.js';

/**
 * Every request the page makes is answered by us or refused: registered assets are served from
 * memory, `data:` URLs pass, everything else is aborted before it leaves Chromium. The design's
 * HTML decides nothing about the network. `currentAssets` is read per request because the page is
 * pooled and serves a different render each time.
 */
export async function interceptRequests(page: Page, currentAssets: () => AssetRegistry | null): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    void answer(request, currentAssets()).catch(() => undefined); // the page may close mid-request
  });
}

async function answer(request: HTTPRequest, assets: AssetRegistry | null): Promise<void> {
  if (request.isInterceptResolutionHandled()) return;
  const url = request.url();
  if (url.startsWith('data:')) {
    await request.continue();
    return;
  }
  if (url.startsWith(`${ASSET_ORIGIN}/`)) {
    const asset = assets?.lookup(url) ?? null;
    if (asset === null) {
      await request.respond({ status: 404, contentType: 'text/plain', body: 'asset not registered' });
      return;
    }
    await request.respond({
      status: 200,
      contentType: asset.contentType,
      body: asset.bytes,
      // Fonts and images are loaded cross-origin from about:blank/setContent documents.
      headers: { 'access-control-allow-origin': '*' },
    });
    return;
  }
  await request.abort('blockedbyclient');
}
