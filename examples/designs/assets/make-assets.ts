/**
 * Regenerates the raster example assets (photos drawn as SVG, encoded by sharp) so the examples
 * work offline and stay reproducible: `npx tsx examples/designs/assets/make-assets.ts`.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = fileURLToPath(new URL('./', import.meta.url));

// A mountain trail at golden hour: layered ridges, a sun and a hiker-ish silhouette.
const hero = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FF9E6D"/><stop offset="0.55" stop-color="#FFD29D"/><stop offset="1" stop-color="#FFE9C7"/></linearGradient>
    <radialGradient id="glow" cx="0.62" cy="0.42" r="0.35"><stop offset="0" stop-color="#FFF6D8"/><stop offset="1" stop-color="#FFF6D8" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="1200" fill="url(#sky)"/>
  <rect width="1200" height="1200" fill="url(#glow)"/>
  <circle cx="744" cy="500" r="90" fill="#FFF3C4"/>
  <path d="M0 640 L180 470 L320 590 L520 380 L700 560 L880 420 L1200 650 L1200 1200 L0 1200 Z" fill="#C9705A"/>
  <path d="M0 760 L240 590 L420 700 L640 540 L860 720 L1040 610 L1200 700 L1200 1200 L0 1200 Z" fill="#8E4A4F"/>
  <path d="M0 900 L300 720 L560 860 L820 700 L1200 880 L1200 1200 L0 1200 Z" fill="#4D2E45"/>
  <path d="M0 1040 C300 930 600 1010 1200 940 L1200 1200 L0 1200 Z" fill="#2A1B33"/>
  <path d="M560 1200 C600 1080 640 1010 700 960" stroke="#E8B48A" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.7"/>
  <g fill="#1B1124" transform="translate(690 880)">
    <circle cx="0" cy="-70" r="13"/><rect x="-11" y="-56" width="22" height="48" rx="8"/>
    <rect x="-24" y="-54" width="16" height="34" rx="5"/><rect x="-10" y="-10" width="8" height="46"/><rect x="3" y="-10" width="8" height="46" transform="rotate(-12 7 -10)"/>
    <rect x="16" y="-60" width="4" height="100" transform="rotate(14 18 -60)"/>
  </g>
</svg>`;

// A studio product shot: a wireless speaker on a pastel plinth.
const product = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#E9E4FF"/><stop offset="1" stop-color="#C8BEFF"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2B2A4C"/><stop offset="0.5" stop-color="#46447A"/><stop offset="1" stop-color="#23223F"/></linearGradient>
  </defs>
  <rect width="1000" height="1000" fill="url(#bg)"/>
  <ellipse cx="500" cy="800" rx="300" ry="50" fill="#A99CF5"/>
  <rect x="200" y="740" width="600" height="60" fill="#B5AAF8"/>
  <ellipse cx="500" cy="740" rx="300" ry="50" fill="#D7D0FF"/>
  <ellipse cx="500" cy="735" rx="170" ry="22" fill="#8F82E6" opacity="0.5"/>
  <rect x="350" y="260" width="300" height="470" rx="150" fill="url(#body)"/>
  <circle cx="500" cy="420" r="95" fill="#1A1933"/><circle cx="500" cy="420" r="60" fill="#34325E"/><circle cx="500" cy="420" r="22" fill="#6D5DFC"/>
  <circle cx="500" cy="610" r="55" fill="#1A1933"/><circle cx="500" cy="610" r="30" fill="#34325E"/>
  <rect x="470" y="290" width="60" height="8" rx="4" fill="#6D5DFC"/>
</svg>`;

// Latte art, top view, for the print examples.
const coffee = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <rect width="1000" height="1000" fill="#D9C2A7"/>
  <g opacity="0.25" stroke="#B89B7A" stroke-width="6">${Array.from({ length: 20 }, (_, i) => `<line x1="0" y1="${i * 50 + 20}" x2="1000" y2="${i * 50 + 10}"/>`).join('')}</g>
  <ellipse cx="520" cy="520" rx="330" ry="330" fill="#9C6B4E" opacity="0.35"/>
  <circle cx="500" cy="500" r="320" fill="#F4EEE6"/>
  <circle cx="500" cy="500" r="280" fill="#7A4A2E"/>
  <circle cx="500" cy="500" r="250" fill="#A36A44"/>
  <path d="M500 320 C600 340 640 420 600 470 C570 505 530 500 500 540 C470 500 430 505 400 470 C360 420 400 340 500 320 Z" fill="#F7EBDD"/>
  <path d="M500 560 C580 570 610 620 580 650 C550 675 520 660 500 690 C480 660 450 675 420 650 C390 620 420 570 500 560 Z" fill="#F7EBDD"/>
  <rect x="494" y="300" width="12" height="420" fill="#F7EBDD"/>
  <path d="M820 470 C900 470 900 560 820 560" stroke="#F4EEE6" stroke-width="40" fill="none"/>
</svg>`;

// A speaker portrait for the webinar card: flat illustration style.
const portrait = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
  <rect width="600" height="600" fill="#FFD9C2"/>
  <circle cx="300" cy="640" r="260" fill="#2F6F6A"/>
  <rect x="262" y="360" width="76" height="90" rx="30" fill="#C98B6B"/>
  <ellipse cx="300" cy="270" rx="112" ry="130" fill="#E0A382"/>
  <path d="M188 250 C180 120 420 100 414 250 C400 190 330 170 300 175 C250 180 205 200 188 250 Z" fill="#3B2A2F"/>
  <circle cx="258" cy="278" r="10" fill="#3B2A2F"/><circle cx="342" cy="278" r="10" fill="#3B2A2F"/>
  <path d="M262 338 C285 356 315 356 338 338" stroke="#8E4A4F" stroke-width="8" fill="none" stroke-linecap="round"/>
</svg>`;

async function main() {
  await sharp(Buffer.from(hero)).jpeg({ quality: 82, mozjpeg: true }).toFile(`${dir}trail-hero.jpg`);
  await sharp(Buffer.from(product)).png({ compressionLevel: 9, palette: true }).toFile(`${dir}speaker.png`);
  await sharp(Buffer.from(coffee)).jpeg({ quality: 82, mozjpeg: true }).toFile(`${dir}latte.jpg`);
  await sharp(Buffer.from(portrait)).png({ compressionLevel: 9, palette: true }).toFile(`${dir}speaker-portrait.png`);
}

await main();
