// The browserless peer of `npm run bench:render`: the summer-sale card drawn with Satori (layout
// to SVG) and @resvg/resvg-js (SVG to pixels), then a sharp JPEG, all in process with no HTTP,
// queue or storage. Same size, texts, photo, logo, gradient, glow, ring, badge, button, stars and
// QR code as `examples/designs/static-summer-sale.json` (square), with the same bundled fonts.
// Both libraries are dev dependencies of the render worker: the bench's yardstick, never shipped.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import satori from 'satori';
import sharp from 'sharp';

const ASSETS = fileURLToPath(new URL('../../examples/designs/assets/', import.meta.url));
const require = createRequire(import.meta.url);

/** A Satori node: what JSX would compile to, written out (the bench has no JSX step). */
interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: Node | Node[] | string };
}
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: Node | Node[] | string,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, ...extra, ...(children === undefined ? {} : { children }) },
});
const img = (src: string, style: Record<string, unknown>): Node => ({ type: 'img', props: { src, style } });

async function fontFile(pkg: string, weight: number): Promise<Buffer> {
  // Satori reads TTF, OTF and WOFF (not WOFF2): the fontsource packages ship WOFF beside WOFF2.
  return readFile(require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff`));
}

async function dataUrl(file: string, type: string): Promise<string> {
  return `data:${type};base64,${(await readFile(join(ASSETS, file))).toString('base64')}`;
}

export interface PeerRenderer {
  /** One JPEG (q90) of the card with this headline. */
  render(headline: string): Promise<Buffer>;
}

export async function createPeerRenderer(): Promise<PeerRenderer> {
  const fonts = [
    { name: 'Montserrat', data: await fontFile('montserrat', 700), weight: 700 as const, style: 'normal' as const },
    { name: 'Montserrat', data: await fontFile('montserrat', 800), weight: 800 as const, style: 'normal' as const },
    { name: 'Inter', data: await fontFile('inter', 400), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: await fontFile('inter', 500), weight: 500 as const, style: 'normal' as const },
    { name: 'Inter', data: await fontFile('inter', 600), weight: 600 as const, style: 'normal' as const },
  ];
  const photo = await dataUrl('trail-hero.jpg', 'image/jpeg');
  const logo = await dataUrl('logo-northwind.svg', 'image/svg+xml');
  const sun = await dataUrl('sun.svg', 'image/svg+xml');
  const arrow = await dataUrl('arrow-right.svg', 'image/svg+xml');
  const qr = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString('https://northwind.example/summer?utm_source=social', {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 0,
      color: { dark: '#0B3D3A', light: '#FFFFFF' },
    }),
  ).toString('base64')}`;
  const star = (fill: string) =>
    `data:image/svg+xml;base64,${Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${fill}" d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z"/></svg>`,
    ).toString('base64')}`;
  const [full, empty] = [star('#FFB703'), star('#2D6A66')];
  const at = (x: number, y: number, w: number, h: number, style: Record<string, unknown> = {}) => ({
    position: 'absolute',
    left: x,
    top: y,
    width: w,
    height: h,
    ...style,
  });

  const card = (headline: string): Node =>
    el(
      'div',
      {
        position: 'relative',
        width: 1080,
        height: 1080,
        backgroundImage: 'linear-gradient(135deg, #0B3D3A 0%, #115E59 60%, #14746F 100%)',
      },
      [
        el(
          'div',
          at(520, -200, 760, 760, {
            borderRadius: '50%',
            backgroundImage: 'radial-gradient(circle, rgba(255,183,3,0.55) 0%, rgba(255,183,3,0) 70%)',
          }),
        ),
        img(sun, at(930, 70, 100, 100, { opacity: 0.9 })),
        el('div', at(544, 264, 492, 492, { borderRadius: '50%', border: '6px solid #FFB703' })),
        img(photo, at(560, 280, 460, 460, { borderRadius: '50%', objectFit: 'cover' })),
        el('div', at(890, 640, 160, 160, { borderRadius: '50%', backgroundColor: '#E63946', boxShadow: '0 8px 24px rgba(0,0,0,0.33)' })),
        el(
          'div',
          at(890, 640, 160, 160, {
            alignItems: 'center',
            justifyContent: 'center',
            transform: 'rotate(-12deg)',
            fontFamily: 'Montserrat',
            fontWeight: 800,
            fontSize: 46,
            color: '#FFFFFF',
          }),
          '-40%',
        ),
        img(logo, at(60, 60, 300, 67, { objectFit: 'contain' })),
        el(
          'div',
          at(60, 300, 460, 50, {
            alignItems: 'center',
            borderLeft: '6px solid #FFB703',
            borderRadius: 3,
            paddingLeft: 16,
            fontFamily: 'Montserrat',
            fontWeight: 800,
            fontSize: 34,
            letterSpacing: 6,
            color: '#FFB703',
          }),
          'SUMMER SALE',
        ),
        el(
          'div',
          at(60, 360, 480, 260, { fontFamily: 'Montserrat', fontWeight: 800, fontSize: 76, lineHeight: 1.05, color: '#FFFFFF' }),
          headline,
        ),
        el(
          'div',
          at(60, 640, 460, 110, { fontFamily: 'Inter', fontWeight: 400, fontSize: 28, lineHeight: 1.35, color: '#D8F3DC' }),
          'Hey there, your next adventure starts here. Ends Sunday.',
        ),
        el(
          'div',
          at(60, 790, 340, 88, {
            alignItems: 'center',
            justifyContent: 'center',
            gap: 14,
            borderRadius: 44,
            backgroundColor: '#FFB703',
            boxShadow: '0 6px 20px rgba(0,0,0,0.3)',
            fontFamily: 'Montserrat',
            fontWeight: 700,
            fontSize: 30,
            color: '#0B3D3A',
          }),
          [el('div', {}, 'Shop the sale'), img(arrow, { width: 30, height: 30 })],
        ),
        el(
          'div',
          at(60, 930, 220, 40, { gap: 6, alignItems: 'center' }),
          // 96 % of five stars: four full stars and a fifth drawn over an empty one.
          [full, full, full, full, empty].map((s) => img(s, { width: 36, height: 36 })),
        ),
        el(
          'div',
          at(290, 930, 300, 40, { alignItems: 'center', fontFamily: 'Inter', fontWeight: 500, fontSize: 24, color: '#D8F3DC' }),
          '4.8 · 2,300 reviews',
        ),
        img(qr, at(900, 860, 140, 140)),
        el(
          'div',
          at(880, 1006, 180, 36, { justifyContent: 'center', fontFamily: 'Inter', fontWeight: 600, fontSize: 22, color: '#FFFFFF' }),
          'Scan to shop',
        ),
      ],
    );

  return {
    async render(headline) {
      // biome-ignore lint/suspicious/noExplicitAny: Satori takes a React element; the bench builds the same shape by hand.
      const svg = await satori(card(headline) as any, { width: 1080, height: 1080, fonts });
      const rgba = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
      return sharp(rgba.pixels, { raw: { width: rgba.width, height: rgba.height, channels: 4 } })
        .jpeg({ quality: 90 })
        .toBuffer();
    },
  };
}
