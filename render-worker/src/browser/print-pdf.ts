import type { Page } from 'puppeteer';

/**
 * One vector PDF page of exactly `width`×`height` CSS pixels (1 px = 1/96 in), backgrounds
 * included. Text stays text and SVG stays vector; raster images are embedded as they are.
 */
export async function printPdf(page: Page, options: { width: number; height: number }): Promise<Buffer> {
  const pdf = await page.pdf({
    width: `${options.width}px`,
    height: `${options.height}px`,
    printBackground: true,
    pageRanges: '1',
    margin: { top: 0, right: 0, bottom: 0, left: 0 },
    preferCSSPageSize: false,
  });
  return Buffer.from(pdf);
}
