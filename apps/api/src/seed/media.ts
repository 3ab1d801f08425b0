import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BANNERS } from './demo/content';
import { hashString } from './random';

/**
 * Product illustrations drawn as SVG and rendered to WebP locally — no downloads, no per-product files:
 * every product of a kind shares that kind's colour variants, so a million-product catalogue costs
 * the same few dozen images.
 */
export const IMAGE_KINDS = [
  'oil',
  'coolant',
  'filter',
  'panel-filter',
  'brake-pads',
  'brake-disc',
  'shock',
  'spring',
  'link',
  'belt',
  'battery',
  'bulb',
  'spark-plug',
  'tyre',
  'rim',
  'wiper',
  'mat',
  'dashcam',
  'service',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Colour variants per kind (also the number of files per kind). */
export const VARIANTS = 3;

interface Palette {
  main: string;
  dark: string;
  light: string;
}

const PALETTES: Palette[] = [
  { main: '#d83a2e', dark: '#8f1d16', light: '#ff8a7a' },
  { main: '#1f6fd1', dark: '#0f3d7a', light: '#7fb4ff' },
  { main: '#1e9e6a', dark: '#0c5a3b', light: '#7fe0b4' },
  { main: '#f29a1d', dark: '#a85d05', light: '#ffd08a' },
  { main: '#4a4f5c', dark: '#23262e', light: '#9aa1b2' },
];

/** Which palettes a kind's variants use: tyres are black whatever the brand, rims are silver/graphite/black… */
const KIND_PALETTES: Partial<Record<ImageKind, number[]>> = {
  tyre: [4, 1, 0],
  mat: [4, 1, 3],
  'brake-disc': [0, 1, 4],
  rim: [4, 1, 0],
  dashcam: [4, 1, 0],
};

export const productImageUrl = (kind: ImageKind, variant: number) =>
  `/media/products/${kind}-${variant + 1}.webp`;
export const bannerImageUrl = (index: number) => `/media/banners/banner-${index + 1}.webp`;
export const LOGO_URL = '/media/brand/logo.svg';
export const FAVICON_URL = '/media/brand/favicon.png';

function defs(c: Palette): string {
  return `<defs>
<linearGradient id="main" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset=".45" stop-color="${c.main}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient>
<linearGradient id="mainH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c.dark}"/><stop offset=".35" stop-color="${c.light}"/><stop offset=".6" stop-color="${c.main}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f9"/><stop offset=".5" stop-color="#b9c0cb"/><stop offset="1" stop-color="#7d8593"/></linearGradient>
<linearGradient id="metalH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8593"/><stop offset=".4" stop-color="#f4f6f9"/><stop offset=".7" stop-color="#b9c0cb"/><stop offset="1" stop-color="#6b7280"/></linearGradient>
<linearGradient id="rubber" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4b505a"/><stop offset="1" stop-color="#15171b"/></linearGradient>
<radialGradient id="glass" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#ffffff" stop-opacity=".95"/><stop offset=".5" stop-color="#e6f0ff" stop-opacity=".55"/><stop offset="1" stop-color="#b8c8e0" stop-opacity=".5"/></radialGradient>
<radialGradient id="bg" cx=".5" cy=".38" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e7ecf3"/></radialGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>`;
}

const shadow = (cx = 300, cy = 510, rx = 190, ry = 26) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#1c2433" opacity=".18" filter="url(#soft)"/>`;
const shine = (x: number, y: number, w: number, h: number, r = 8) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#fff" opacity=".35"/>`;

function spokes(n: number, cx: number, cy: number, draw: (angle: number) => string): string {
  return Array.from(
    { length: n },
    (_, i) => `<g transform="rotate(${(360 / n) * i} ${cx} ${cy})">${draw((360 / n) * i)}</g>`,
  ).join('');
}

/** The object only (no background), in a 600×600 box. */
const DRAW: Record<ImageKind, (c: Palette) => string> = {
  oil: (c) => `${shadow()}
<path d="M170 190 Q170 160 200 160 L330 160 L380 120 L430 120 Q445 120 445 135 L445 480 Q445 505 420 505 L195 505 Q170 505 170 480 Z" fill="url(#main)"/>
<path d="M215 160 L215 120 Q215 100 235 100 L300 100 Q320 100 320 120 L320 160 L295 160 L295 125 L240 125 L240 160 Z" fill="${c.dark}"/>
<rect x="380" y="82" width="46" height="42" rx="8" fill="#2b2f36"/><rect x="386" y="76" width="34" height="12" rx="4" fill="#3b4048"/>
<rect x="200" y="250" width="215" height="190" rx="14" fill="#fff" opacity=".95"/>
<rect x="200" y="250" width="215" height="48" rx="14" fill="${c.dark}"/><rect x="200" y="284" width="215" height="14" fill="${c.dark}"/>
<rect x="222" y="320" width="150" height="16" rx="8" fill="${c.main}"/><rect x="222" y="350" width="110" height="12" rx="6" fill="#c4cad4"/><rect x="222" y="374" width="130" height="12" rx="6" fill="#c4cad4"/>
${shine(186, 180, 14, 300, 7)}`,
  coolant: (c) => `${shadow(300, 515, 130, 22)}
<path d="M235 170 L235 140 L365 140 L365 170 Q395 185 395 230 L395 475 Q395 505 365 505 L235 505 Q205 505 205 475 L205 230 Q205 185 235 170 Z" fill="url(#glass)" stroke="#c9d4e4" stroke-width="3"/>
<path d="M209 300 L391 300 L391 475 Q391 501 365 501 L235 501 Q209 501 209 475 Z" fill="url(#main)" opacity=".85"/>
<rect x="250" y="92" width="100" height="54" rx="10" fill="${c.dark}"/>
${Array.from({ length: 6 }, (_, i) => `<rect x="${258 + i * 15}" y="96" width="6" height="46" rx="3" fill="${c.main}" opacity=".6"/>`).join('')}
<rect x="222" y="330" width="156" height="120" rx="12" fill="#fff" opacity=".92"/>
<rect x="238" y="350" width="124" height="16" rx="8" fill="${c.main}"/><rect x="238" y="380" width="90" height="10" rx="5" fill="#c4cad4"/><rect x="238" y="400" width="110" height="10" rx="5" fill="#c4cad4"/><rect x="238" y="420" width="70" height="10" rx="5" fill="#c4cad4"/>
${shine(222, 190, 12, 250, 6)}`,
  filter: (c) => `${shadow(300, 505, 150, 24)}
<rect x="170" y="180" width="260" height="300" rx="26" fill="url(#mainH)"/>
<ellipse cx="300" cy="180" rx="130" ry="36" fill="url(#metal)"/>
<ellipse cx="300" cy="180" rx="100" ry="26" fill="#3a3f48"/><ellipse cx="300" cy="178" rx="86" ry="20" fill="#23262c"/>
<ellipse cx="300" cy="178" rx="32" ry="9" fill="url(#metal)"/><ellipse cx="300" cy="178" rx="18" ry="5" fill="#15171b"/>
${spokes(8, 300, 178, () => `<ellipse cx="300" cy="164" rx="8" ry="4" fill="#6b7280"/>`)}
${Array.from({ length: 14 }, (_, i) => `<rect x="${178 + i * 18}" y="440" width="8" height="36" rx="3" fill="${c.dark}" opacity=".55"/>`).join('')}
<rect x="200" y="270" width="200" height="110" rx="12" fill="#fff" opacity=".93"/>
<rect x="220" y="292" width="160" height="18" rx="9" fill="${c.main}"/><rect x="220" y="324" width="120" height="12" rx="6" fill="#c4cad4"/><rect x="220" y="348" width="140" height="12" rx="6" fill="#c4cad4"/>
${shine(190, 215, 16, 240)}`,
  'panel-filter': (c) => `${shadow(300, 470, 220, 30)}
<path d="M110 330 L300 210 L490 300 L300 430 Z" fill="${c.dark}"/>
<path d="M125 328 L300 220 L475 302 L300 418 Z" fill="#fbf7ec"/>
${Array.from({ length: 15 }, (_, i) => {
  const t = i / 14;
  const x1 = 125 + t * 175,
    y1 = 328 - t * 108,
    x2 = 300 + t * 175,
    y2 = 418 - t * 116;
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#d9cfb5" stroke-width="5"/>`;
}).join('')}
<path d="M110 330 L300 210 L490 300 L300 430 Z" fill="none" stroke="url(#main)" stroke-width="16" stroke-linejoin="round"/>
<path d="M110 330 L110 350 L300 452 L300 430 Z" fill="${c.dark}"/><path d="M300 430 L300 452 L490 322 L490 300 Z" fill="${c.main}"/>`,
  'brake-pads': (c) => `${shadow(300, 470, 210, 30)}
<g transform="rotate(-8 300 300)">
<path d="M120 250 Q300 170 480 250 L470 300 Q300 235 130 300 Z" fill="url(#metal)"/>
<path d="M140 300 Q300 240 460 300 L445 360 Q300 310 155 360 Z" fill="url(#rubber)"/>
<line x1="300" y1="272" x2="300" y2="335" stroke="#0c0d10" stroke-width="4"/>
<path d="M120 250 Q300 170 480 250" fill="none" stroke="${c.main}" stroke-width="10" stroke-linecap="round"/>
</g>
<g transform="translate(20 120) rotate(-4 300 300)">
<path d="M120 250 Q300 170 480 250 L470 300 Q300 235 130 300 Z" fill="url(#metal)"/>
<path d="M140 300 Q300 240 460 300 L445 360 Q300 310 155 360 Z" fill="url(#rubber)"/>
<line x1="300" y1="272" x2="300" y2="335" stroke="#0c0d10" stroke-width="4"/>
<path d="M120 250 Q300 170 480 250" fill="none" stroke="${c.main}" stroke-width="10" stroke-linecap="round"/>
<rect x="440" y="230" width="34" height="12" rx="6" fill="${c.dark}"/>
</g>`,
  'brake-disc': (c) => `${shadow(300, 520, 200, 26)}
<circle cx="300" cy="300" r="210" fill="url(#metal)"/>
<circle cx="300" cy="300" r="205" fill="none" stroke="#6b7280" stroke-width="3"/>
${spokes(36, 300, 300, () => `<rect x="296" y="108" width="8" height="92" rx="4" fill="#8d95a3" opacity=".5"/>`)}
${spokes(12, 300, 300, () => `<circle cx="300" cy="150" r="7" fill="#5d6470"/>`)}
<circle cx="300" cy="300" r="110" fill="${c.main}"/><circle cx="300" cy="300" r="104" fill="url(#main)"/>
<circle cx="300" cy="300" r="46" fill="#2a2e35"/>
${spokes(5, 300, 300, () => `<circle cx="300" cy="228" r="11" fill="#2a2e35"/>`)}
<path d="M150 170 A205 205 0 0 1 300 95" fill="none" stroke="#fff" stroke-width="10" opacity=".5" stroke-linecap="round"/>`,
  shock: (c) => `${shadow(300, 530, 110, 20)}
<g transform="rotate(12 300 300)">
<circle cx="300" cy="85" r="28" fill="none" stroke="url(#metal)" stroke-width="14"/>
<rect x="288" y="108" width="24" height="150" fill="url(#metalH)"/>
<rect x="262" y="170" width="76" height="30" rx="6" fill="url(#rubber)"/>
<rect x="250" y="250" width="100" height="250" rx="18" fill="url(#mainH)"/>
<rect x="250" y="250" width="100" height="24" rx="8" fill="${c.dark}"/>
<rect x="268" y="300" width="64" height="90" rx="8" fill="#fff" opacity=".9"/><rect x="278" y="316" width="44" height="10" rx="5" fill="${c.main}"/><rect x="278" y="336" width="34" height="8" rx="4" fill="#c4cad4"/><rect x="278" y="354" width="40" height="8" rx="4" fill="#c4cad4"/>
<circle cx="300" cy="525" r="26" fill="none" stroke="url(#metal)" stroke-width="14"/>
${shine(262, 280, 10, 190, 5)}
</g>`,
  spring: (c) => `${shadow(300, 520, 150, 22)}
${Array.from({ length: 8 }, (_, i) => {
  const y = 120 + i * 50;
  return `<path d="M170 ${y + 22} Q300 ${y - 18} 430 ${y + 22}" fill="none" stroke="${c.dark}" stroke-width="26" stroke-linecap="round"/><path d="M430 ${y + 22} Q300 ${y + 70} 170 ${y + 48}" fill="none" stroke="url(#mainH)" stroke-width="26" stroke-linecap="round"/><path d="M200 ${y + 38} Q300 ${y + 58} 400 ${y + 40}" fill="none" stroke="#fff" stroke-width="5" opacity=".35" stroke-linecap="round"/>`;
}).join('')}`,
  link: () => `${shadow(300, 500, 220, 24)}
<g transform="rotate(-28 300 300)">
<rect x="150" y="286" width="300" height="28" rx="14" fill="url(#metalH)"/>
<path d="M130 250 Q170 250 180 300 Q170 350 130 350 Q95 300 130 250 Z" fill="url(#rubber)"/>
<path d="M470 250 Q430 250 420 300 Q430 350 470 350 Q505 300 470 250 Z" fill="url(#rubber)"/>
<circle cx="110" cy="300" r="34" fill="url(#main)"/><circle cx="490" cy="300" r="34" fill="url(#main)"/>
<rect x="72" y="292" width="30" height="16" rx="4" fill="url(#metal)"/><rect x="498" y="292" width="30" height="16" rx="4" fill="url(#metal)"/>
<rect x="160" y="290" width="280" height="6" rx="3" fill="#fff" opacity=".4"/>
</g>`,
  belt: (c) => `${shadow(300, 520, 200, 24)}
<rect x="120" y="150" width="360" height="330" rx="165" fill="none" stroke="#1b1d22" stroke-width="34"/>
<rect x="120" y="150" width="360" height="330" rx="165" fill="none" stroke="#3a3e46" stroke-width="22" stroke-dasharray="10 8"/>
<circle cx="300" cy="235" r="68" fill="url(#metal)"/><circle cx="300" cy="235" r="48" fill="url(#main)"/><circle cx="300" cy="235" r="16" fill="#2a2e35"/>
<circle cx="300" cy="400" r="52" fill="url(#metal)"/><circle cx="300" cy="400" r="34" fill="${c.dark}"/><circle cx="300" cy="400" r="12" fill="#2a2e35"/>
${spokes(6, 300, 235, () => `<circle cx="300" cy="205" r="6" fill="${c.dark}"/>`)}`,
  battery: (c) => `${shadow(300, 510, 220, 26)}
<path d="M120 230 L180 180 L480 180 L480 440 L420 490 L120 490 Z" fill="#2a2e35"/>
<path d="M120 230 L180 180 L480 180 L420 230 Z" fill="#4b505a"/>
<path d="M420 230 L480 180 L480 440 L420 490 Z" fill="#1c1f25"/>
<rect x="120" y="230" width="300" height="260" fill="url(#rubber)"/>
<rect x="120" y="300" width="300" height="110" fill="url(#main)"/>
<rect x="140" y="322" width="150" height="18" rx="9" fill="#fff" opacity=".95"/><rect x="140" y="352" width="100" height="12" rx="6" fill="#fff" opacity=".7"/>
<circle cx="370" cy="355" r="30" fill="#fff" opacity=".9"/><path d="M360 335 L378 335 L368 352 L382 352 L358 380 L366 360 L354 360 Z" fill="${c.main}"/>
<rect x="205" y="172" width="36" height="30" rx="5" fill="#c6352b"/><rect x="385" y="172" width="36" height="30" rx="5" fill="#2c5aa0"/>
<text x="223" y="194" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">+</text>
<text x="403" y="193" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">−</text>
<path d="M260 200 Q300 160 350 200" fill="none" stroke="#15171b" stroke-width="10" stroke-linecap="round"/>`,
  bulb: (c) => `${shadow(300, 520, 120, 20)}
<g transform="rotate(-20 300 300)">
<rect x="262" y="330" width="76" height="60" rx="6" fill="url(#metalH)"/>
<path d="M230 392 L370 392 L362 430 L238 430 Z" fill="url(#metal)"/>
<rect x="244" y="430" width="112" height="70" rx="10" fill="url(#rubber)"/>
<rect x="260" y="440" width="80" height="10" rx="5" fill="${c.main}"/>
<path d="M268 330 L268 180 Q268 120 300 110 Q332 120 332 180 L332 330 Z" fill="url(#glass)" stroke="#c9d4e4" stroke-width="3"/>
<path d="M300 110 Q312 116 314 128" fill="none" stroke="${c.main}" stroke-width="6" stroke-linecap="round"/>
<path d="M288 300 L288 200 M312 300 L312 200" stroke="#8d95a3" stroke-width="4"/>
<path d="M288 200 Q300 190 312 200 Q300 210 288 200 M290 215 Q300 205 310 215 Q300 225 290 215" fill="none" stroke="${c.dark}" stroke-width="4"/>
<circle cx="300" cy="200" r="60" fill="${c.light}" opacity=".25" filter="url(#soft)"/>
<rect x="276" y="135" width="8" height="150" rx="4" fill="#fff" opacity=".7"/>
</g>`,
  'spark-plug': (c) => `${shadow(300, 530, 100, 18)}
<g transform="rotate(25 300 300)">
<rect x="286" y="60" width="28" height="40" rx="6" fill="url(#metalH)"/>
<path d="M270 100 L330 100 L336 240 L264 240 Z" fill="#f7f8fa" stroke="#d4d9e1" stroke-width="2"/>
${Array.from({ length: 5 }, (_, i) => `<rect x="${268 - i}" y="${116 + i * 22}" width="${64 + i * 2}" height="8" rx="4" fill="#dde2ea"/>`).join('')}
<rect x="262" y="214" width="76" height="14" rx="4" fill="${c.main}"/>
<path d="M246 240 L354 240 L354 312 L246 312 Z" fill="url(#metalH)"/>
<path d="M278 240 L278 312 M322 240 L322 312" stroke="#7d8593" stroke-width="3"/>
<rect x="264" y="312" width="72" height="12" fill="#9aa1ad"/>
<rect x="270" y="324" width="60" height="96" fill="url(#metalH)"/>
${Array.from({ length: 9 }, (_, i) => `<line x1="270" y1="${330 + i * 10}" x2="330" y2="${326 + i * 10}" stroke="#6b7280" stroke-width="3"/>`).join('')}
<rect x="295" y="420" width="10" height="22" fill="#b9c0cb"/><path d="M322 420 L322 450 L300 450" fill="none" stroke="#7d8593" stroke-width="7"/>
</g>`,
  tyre: (c) => `${shadow(300, 525, 200, 24)}
<circle cx="300" cy="300" r="220" fill="url(#rubber)"/>
${spokes(40, 300, 300, (a) => `<rect x="${a % 18 === 0 ? 290 : 294}" y="82" width="${a % 18 === 0 ? 20 : 12}" height="34" rx="4" fill="#0d0e11"/>`)}
<circle cx="300" cy="300" r="172" fill="#2b2f36"/>
<circle cx="300" cy="300" r="150" fill="none" stroke="#3b4048" stroke-width="6"/>
<circle cx="300" cy="300" r="122" fill="url(#metal)"/>
${spokes(5, 300, 300, () => `<path d="M288 190 L312 190 L320 280 L280 280 Z" fill="#cfd5de"/>`)}
<circle cx="300" cy="300" r="36" fill="url(#metal)" stroke="#8d95a3" stroke-width="4"/><circle cx="300" cy="300" r="16" fill="${c.main}"/>
<circle cx="300" cy="300" r="196" fill="none" stroke="${c.main}" stroke-width="4" opacity=".7"/>
<path d="M135 220 A180 180 0 0 1 250 112" fill="none" stroke="#fff" stroke-width="8" opacity=".18" stroke-linecap="round"/>`,
  rim: (c) => `${shadow(300, 525, 200, 24)}
<circle cx="300" cy="300" r="215" fill="url(#rubber)"/>
<circle cx="300" cy="300" r="190" fill="url(#metal)"/>
<circle cx="300" cy="300" r="172" fill="${c.dark}"/>
${spokes(5, 300, 300, () => `<path d="M282 140 L318 140 L330 260 L270 260 Z" fill="url(#main)"/><path d="M290 146 L300 146 L296 250 L282 250 Z" fill="#fff" opacity=".35"/>`)}
${spokes(5, 300, 300, () => `<path d="M238 146 L258 140 L286 262 L276 268 Z" fill="url(#main)" opacity=".85"/>`)}
<circle cx="300" cy="300" r="62" fill="url(#metal)"/>
${spokes(5, 300, 300, () => `<circle cx="300" cy="262" r="9" fill="#2a2e35"/>`)}
<circle cx="300" cy="300" r="24" fill="${c.main}"/><circle cx="300" cy="300" r="12" fill="#fff" opacity=".6"/>`,
  wiper: (c) => `${shadow(300, 470, 230, 20)}
<g transform="rotate(-22 300 300)">
<path d="M70 318 L530 318 L520 300 Q300 270 80 300 Z" fill="url(#rubber)"/>
<path d="M80 300 Q300 262 520 300 L526 290 Q300 240 74 290 Z" fill="${c.main}"/>
<rect x="70" y="318" width="460" height="6" rx="3" fill="#0c0d10"/>
<rect x="262" y="262" width="76" height="32" rx="8" fill="url(#metal)"/>
<rect x="280" y="250" width="40" height="16" rx="5" fill="${c.dark}"/>
<rect x="64" y="300" width="16" height="24" rx="4" fill="#2a2e35"/><rect x="520" y="300" width="16" height="24" rx="4" fill="#2a2e35"/>
<path d="M100 296 Q300 262 500 296" fill="none" stroke="#fff" stroke-width="4" opacity=".35"/>
</g>`,
  mat: (c) => `${shadow(300, 480, 230, 30)}
<path d="M130 150 L420 120 Q470 115 478 160 L500 420 Q505 470 455 475 L170 490 Q120 492 115 445 L100 190 Q98 155 130 150 Z" fill="url(#rubber)"/>
<path d="M148 175 L412 148 Q448 145 452 178 L472 405 Q475 445 438 447 L182 460 Q142 462 140 428 L128 205 Q126 178 148 175 Z" fill="${c.main === '#4a4f5c' ? '#2f333b' : c.dark}" opacity=".9"/>
${Array.from({ length: 11 }, (_, i) => `<path d="M${145 + i * 2} ${200 + i * 24} L${455 + i * 1.5} ${178 + i * 24}" stroke="#15171b" stroke-width="7" stroke-linecap="round" opacity=".7"/>`).join('')}
<path d="M130 150 L420 120 Q470 115 478 160 L500 420 Q505 470 455 475 L170 490 Q120 492 115 445 L100 190 Q98 155 130 150 Z" fill="none" stroke="#0c0d10" stroke-width="10"/>
<circle cx="170" cy="210" r="12" fill="url(#metal)"/>`,
  dashcam: (c) => `${shadow(300, 470, 180, 24)}
<path d="M270 120 L330 120 L330 175 L270 175 Z" fill="url(#rubber)"/><rect x="240" y="100" width="120" height="28" rx="10" fill="#2a2e35"/>
<rect x="150" y="175" width="300" height="240" rx="36" fill="url(#rubber)"/>
<rect x="162" y="187" width="276" height="216" rx="28" fill="#22252b"/>
<circle cx="300" cy="295" r="92" fill="url(#metal)"/><circle cx="300" cy="295" r="76" fill="#101216"/>
<circle cx="300" cy="295" r="54" fill="${c.dark}"/><circle cx="300" cy="295" r="38" fill="#0a0b0e"/>
<circle cx="284" cy="278" r="14" fill="#fff" opacity=".55"/><circle cx="316" cy="314" r="6" fill="${c.light}" opacity=".6"/>
<circle cx="410" cy="215" r="7" fill="${c.main}"/><rect x="180" y="382" width="60" height="8" rx="4" fill="${c.main}"/>`,
  service: (c) => `${shadow(300, 510, 200, 24)}
<g transform="translate(300 290)">
${spokes(10, 0, 0, () => `<rect x="-22" y="-178" width="44" height="50" rx="8" fill="${c.dark}"/>`)}
<circle r="150" fill="url(#main)"/><circle r="70" fill="#fff" opacity=".92"/>
<g transform="rotate(-45)"><rect x="-16" y="-190" width="32" height="300" rx="16" fill="url(#metalH)"/><path d="M-46 -190 A46 46 0 1 1 46 -190 L22 -190 L22 -215 L-22 -215 L-22 -190 Z" fill="url(#metal)"/></g>
<g transform="rotate(45)"><rect x="-12" y="-200" width="24" height="190" rx="6" fill="url(#metalH)"/><rect x="-24" y="-20" width="48" height="150" rx="18" fill="${c.dark}"/><rect x="-16" y="-8" width="10" height="120" rx="5" fill="#fff" opacity=".3"/></g>
</g>`,
};

function productSvg(kind: ImageKind, palette: Palette, label?: ProductLabel): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">${defs(palette)}
<rect width="600" height="600" fill="url(#bg)"/>${DRAW[kind](palette)}${label ? labelSvg(kind, palette, label) : ''}</svg>`;
}

/** What a product's own picture says on it: the maker, and the volume of a canister or bottle. */
export interface ProductLabel {
  /** Maker slug: part of the file name. */
  maker: string;
  /** Maker name as printed. */
  brand: string;
  /** Litres ('4', '0.5') for fluids. */
  volume?: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Font size that fits `text` into `width` px (bold sans, ~0.62 em per character), capped at `max`. */
const fit = (text: string, width: number, max: number) =>
  Math.max(12, Math.min(max, Math.floor(width / (0.62 * Math.max(1, text.length)))));
const text = (x: number, y: number, size: number, fill: string, value: string) =>
  `<text x="${x}" y="${y}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle">${xml(value)}</text>`;
export const litresLabel = (volume: string) => `${volume.replace('.', ',')} л`;

/**
 * The maker's name (and a fluid's volume) drawn where the package has its label: on a canister's or bottle's
 * sticker, or on a tag under any other part — so two makers' oils, or a 1 l and a 4 l canister, never look alike.
 */
function labelSvg(kind: ImageKind, c: Palette, label: ProductLabel): string {
  const volume = label.volume ? litresLabel(label.volume) : '';
  if (kind === 'oil')
    return `<rect x="200" y="250" width="215" height="48" rx="14" fill="${c.dark}"/><rect x="206" y="300" width="203" height="136" fill="#fff"/>
${text(307, 285, fit(label.brand, 195, 28), '#fff', label.brand)}
<rect x="222" y="314" width="150" height="12" rx="6" fill="${c.main}"/><rect x="222" y="336" width="110" height="10" rx="5" fill="#c4cad4"/>
${volume ? `<rect x="232" y="362" width="150" height="60" rx="14" fill="${c.main}"/>${text(307, 404, fit(volume, 130, 36), '#fff', volume)}` : ''}`;
  if (kind === 'coolant')
    return `<rect x="222" y="330" width="156" height="120" rx="12" fill="#fff"/>
${text(300, 368, fit(label.brand, 140, 26), c.dark, label.brand)}
${volume ? `<rect x="240" y="384" width="120" height="52" rx="12" fill="${c.main}"/>${text(300, 420, fit(volume, 104, 30), '#fff', volume)}` : ''}`;
  const size = fit(label.brand, 300, 30);
  const width = Math.min(360, Math.max(140, Math.round(label.brand.length * size * 0.62) + 48));
  return `<rect x="${300 - width / 2}" y="532" width="${width}" height="48" rx="24" fill="#fff" stroke="${c.main}" stroke-width="3"/>
${text(300, 566, size, '#1c2433', label.brand)}`;
}

/** File of a product's labelled picture: one per kind, maker and volume, shared by every product that matches. */
export function labelledImageUrl(kind: ImageKind, label: ProductLabel): string {
  const volume = label.volume ? `-${label.volume.replace('.', '_')}l` : '';
  return `/media/products/${kind}/${label.maker}${volume}.webp`;
}

/** Renders the labelled pictures the products use (files already there are kept). Returns how many were written. */
export async function generateLabelledImages(
  mediaDir: string,
  images: Iterable<{ kind: ImageKind; label: ProductLabel }>,
): Promise<number> {
  const jobs: (() => Promise<boolean>)[] = [];
  for (const { kind, label } of images) {
    const palettes = KIND_PALETTES[kind] ?? [0, 1, 2, 3];
    const palette = PALETTES[palettes[hashString(label.maker) % palettes.length] ?? 0] ?? PALETTES[0]!;
    const file = path.join(mediaDir, labelledImageUrl(kind, label).replace('/media/', ''));
    jobs.push(() => writeIfMissing(file, () => webp(productSvg(kind, palette, label))));
  }
  return runJobs(jobs);
}

async function runJobs(jobs: (() => Promise<boolean>)[]): Promise<number> {
  let written = 0;
  // sharp renders on its own thread pool; a few jobs at a time keep both cores busy without a memory spike.
  for (let i = 0; i < jobs.length; i += 4) {
    const results = await Promise.all(jobs.slice(i, i + 4).map((job) => job()));
    written += results.filter(Boolean).length;
  }
  return written;
}

function bannerSvg(kind: ImageKind, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="bannerBg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.dark}"/><stop offset=".6" stop-color="${palette.main}"/><stop offset="1" stop-color="${palette.light}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#bannerBg)"/>
<circle cx="930" cy="200" r="260" fill="#fff" opacity=".10"/><circle cx="1100" cy="40" r="140" fill="#fff" opacity=".08"/>
<circle cx="120" cy="380" r="180" fill="#000" opacity=".08"/><path d="M0 330 Q400 250 760 360 L760 400 L0 400 Z" fill="#fff" opacity=".06"/>
<circle cx="930" cy="200" r="175" fill="#fff" opacity=".9"/>
<svg x="750" y="20" width="360" height="360" viewBox="0 0 600 600">${defs(palette)}${DRAW[kind](palette)}</svg>
</svg>`;
}

const LOGO_ICON = `<rect width="48" height="48" rx="12" fill="#d83a2e"/><circle cx="24" cy="24" r="13" fill="none" stroke="#fff" stroke-width="5"/><circle cx="24" cy="24" r="4" fill="#fff"/><path d="M33 33 L41 41" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`;

export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="196" height="48" viewBox="0 0 196 48" role="img" aria-label="Подбор">${LOGO_ICON}<text x="58" y="35" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#1c2433">Подбор</text></svg>`;
}

async function writeIfMissing(file: string, render: () => Promise<Buffer> | Buffer): Promise<boolean> {
  if (existsSync(file)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await render());
  return true;
}

const webp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 86 }).toBuffer();

/** Paletted variant index → palette, per kind. */
export function variantPalette(kind: ImageKind, variant: number): number {
  return KIND_PALETTES[kind]?.[variant] ?? variant;
}

/** Renders every illustration, banner and the logo into mediaDir; files already there are kept. Returns how many were written. */
export async function generateMedia(mediaDir: string): Promise<number> {
  const jobs: (() => Promise<boolean>)[] = [];
  for (const kind of IMAGE_KINDS) {
    for (let v = 0; v < VARIANTS; v++) {
      const palette = PALETTES[variantPalette(kind, v)] ?? PALETTES[0]!;
      jobs.push(() =>
        writeIfMissing(path.join(mediaDir, 'products', `${kind}-${v + 1}.webp`), () =>
          webp(productSvg(kind, palette)),
        ),
      );
    }
  }
  BANNERS.forEach((b, i) => {
    const palette = PALETTES[b.palette] ?? PALETTES[0]!;
    jobs.push(() =>
      writeIfMissing(path.join(mediaDir, 'banners', `banner-${i + 1}.webp`), () =>
        webp(bannerSvg(b.kind, palette)),
      ),
    );
  });
  jobs.push(() => writeIfMissing(path.join(mediaDir, 'brand', 'logo.svg'), () => Buffer.from(logoSvg())));
  jobs.push(() =>
    writeIfMissing(path.join(mediaDir, 'brand', 'favicon.png'), () =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 48 48">${LOGO_ICON}</svg>`,
        ),
      )
        .png()
        .toBuffer(),
    ),
  );
  return runJobs(jobs);
}
