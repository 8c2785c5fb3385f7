/**
 * Procedural product and site images, drawn as SVG (rasterised by sharp in render.ts).
 * Nothing is downloaded: each product type has a recognisable silhouette drawn in the product's
 * colour with simple shading (./silhouettes.ts, ./palette.ts), on a soft background. Product
 * images are 1200 x 1500 (ratio 0.8).
 */

import { mix, palette } from './palette.js';
import { SILHOUETTES, suitcase, tote } from './silhouettes.js';

export { hashString, mix } from './palette.js';
export { SILHOUETTES } from './silhouettes.js';

export const PRODUCT_W = 1200;
export const PRODUCT_H = 1500;

// ---------------------------------------------------------------------------------------------
// Scenes

const BACKDROPS = ['#efe9df', '#e7ece6', '#ece6ea', '#e5e9ee', '#f1ebe1', '#e9e4da'];

function defs(bgTop: string, bgBottom: string): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.35">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
    </linearGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
  </defs>`;
}

export interface ProductImageParams {
  kind: string;
  colourHex: string;
  /** Gallery position: 0 front, 1 three-quarter, 2 detail, 3 styled. */
  position: number;
  /** Varies backdrop and hardware per product. */
  seed: number;
}

/** The SVG of one product gallery image (1200 x 1500). */
export function productSvg({ kind, colourHex, position, seed }: ProductImageParams): string {
  const silhouette = SILHOUETTES[kind] ?? tote;
  const p = palette(colourHex, seed % 3 === 0 ? 'silver' : 'gold');
  const backdrop = BACKDROPS[seed % BACKDROPS.length]!;
  const view = position % 4;
  let bgTop = mix(backdrop, '#ffffff', 0.35);
  let bgBottom = backdrop;
  let transform = '';
  let extras = '';
  let floor = `<ellipse cx="600" cy="1240" rx="380" ry="52" fill="url(#floor)"/>`;
  if (view === 1) {
    bgTop = mix(backdrop, colourHex, 0.08);
    bgBottom = mix(backdrop, '#000000', 0.04);
    transform = 'translate(600 1230) rotate(-6) scale(0.9 0.92) skewY(-3) translate(-600 -1230)';
    floor = `<ellipse cx="620" cy="1238" rx="360" ry="48" fill="url(#floor)"/>`;
  } else if (view === 2) {
    bgTop = mix(backdrop, colourHex, 0.15);
    bgBottom = mix(backdrop, colourHex, 0.25);
    transform = 'translate(600 750) scale(1.85) translate(-600 -800)';
    floor = '';
  } else if (view === 3) {
    bgTop = mix(colourHex, '#ffffff', 0.72);
    bgBottom = mix(colourHex, '#ffffff', 0.55);
    transform = 'translate(600 1230) scale(0.78) translate(-600 -1230)';
    extras = `<rect x="0" y="1150" width="1200" height="350" fill="${mix(colourHex, '#ffffff', 0.4)}" opacity="0.55"/>
      <circle cx="960" cy="330" r="150" fill="#ffffff" opacity="0.35"/>
      <path d="M120 1150 Q160 930 230 880 Q260 1010 250 1150 Z" fill="#5e7a5a" opacity="0.55"/>
      <path d="M200 1150 Q260 960 330 940 Q330 1060 300 1150 Z" fill="#6f8c68" opacity="0.5"/>`;
    floor = `<ellipse cx="600" cy="1232" rx="300" ry="40" fill="url(#floor)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_W}" height="${PRODUCT_H}" viewBox="0 0 ${PRODUCT_W} ${PRODUCT_H}">
  ${defs(bgTop, bgBottom)}
  <rect width="${PRODUCT_W}" height="${PRODUCT_H}" fill="url(#bg)"/>
  ${extras}
  ${floor}
  <g transform="${transform}">${silhouette(p)}</g>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Site images

export interface SiteImage {
  width: number;
  height: number;
  svg(): string;
}

function heroSvg(width: number, height: number, colours: [string, string, string, string], variant: number, kinds: string[], text?: string): string {
  const [sky, dune, accent, deep] = colours;
  const waves =
    variant % 2 === 0
      ? `<path d="M0 ${height * 0.62} Q${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.6} T${width} ${height * 0.55} L${width} ${height} L0 ${height} Z" fill="${dune}"/>
         <path d="M0 ${height * 0.75} Q${width * 0.3} ${height * 0.66} ${width * 0.62} ${height * 0.76} T${width} ${height * 0.72} L${width} ${height} L0 ${height} Z" fill="${deep}" opacity="0.85"/>`
      : `<rect x="0" y="${height * 0.64}" width="${width}" height="${height * 0.36}" fill="${dune}"/>
         <rect x="${width * 0.08}" y="${height * 0.14}" width="${width * 0.34}" height="${height * 0.5}" rx="${height * 0.17}" fill="${deep}" opacity="0.18"/>`;
  const items = kinds
    .map((kind, i) => {
      const colour = [accent, deep, mix(accent, '#ffffff', 0.3)][i % 3]!;
      const scale = (height / PRODUCT_H) * (kinds.length > 2 ? 0.72 : 0.85);
      const x = width * ((kinds.length > 2 ? 0.4 : 0.52) + i * 0.2) - 600 * scale;
      const y = height * 0.93 - 1240 * scale;
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})"><ellipse cx="600" cy="1240" rx="380" ry="52" fill="url(#floor)"/>${(SILHOUETTES[kind] ?? tote)(palette(colour, i % 2 ? 'silver' : 'gold'))}</g>`;
    })
    .join('');
  const label = text
    ? `<text x="${width * 0.08}" y="${height * 0.86}" font-family="Georgia, 'DejaVu Serif', serif" font-size="${Math.round(height * 0.09)}" fill="#ffffff" opacity="0.92">${text}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${defs(mix(sky, '#ffffff', 0.35), sky)}
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.26}" r="${height * 0.16}" fill="${mix(accent, '#ffffff', 0.45)}" opacity="0.8"/>
  <circle cx="${width * 0.2}" cy="${height * 0.32}" r="${height * 0.3}" fill="#ffffff" opacity="0.12"/>
  ${waves}
  ${items}
  ${label}
</svg>`;
}

function notFoundSvg(): string {
  const w = 1200;
  const h = 1500;
  const p = palette('#b5804f', 'gold');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  ${defs('#f3ede3', '#e3d8c6')}
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="860" cy="360" r="170" fill="#e9b77f" opacity="0.75"/>
  <path d="M0 1080 Q300 960 600 1060 T1200 1020 L1200 1500 L0 1500 Z" fill="#d7c8ae"/>
  <path d="M0 1200 Q360 1120 700 1210 T1200 1180 L1200 1500 L0 1500 Z" fill="#2d4a3a" opacity="0.85"/>
  <path d="M140 1330 C 320 1240, 300 1120, 480 1110 S 760 1020, 820 900" fill="none" stroke="#2d4a3a" stroke-width="10" stroke-dasharray="4 26" stroke-linecap="round" opacity="0.7"/>
  <g transform="translate(830 880) rotate(14) scale(0.32) translate(-600 -1230)"><ellipse cx="600" cy="1240" rx="380" ry="52" fill="url(#floor)"/>${suitcase(p)}</g>
  <g fill="none" stroke="#2d4a3a" stroke-width="10" stroke-linecap="round" opacity="0.55">
    <path d="M300 520 q40 -90 110 -50 q40 30 -10 80 q-40 40 -10 90"/><circle cx="391" cy="680" r="7" fill="#2d4a3a"/>
  </g>
</svg>`;
}

const HERO_PALETTES: [string, string, string, string][] = [
  ['#dfe7e1', '#c8d6cb', '#b5804f', '#2d4a3a'],
  ['#efe3d3', '#e1cdb2', '#9a4b22', '#4d3024'],
  ['#dde6ef', '#c6d4e3', '#2c4f9e', '#1f2b47'],
  ['#eee1e0', '#dcc3c0', '#6b1f2d', '#3a3f44'],
];

export const SITE_IMAGES: Record<string, SiteImage> = {
  'images/site/404.jpg': { width: 1200, height: 1500, svg: notFoundSvg },
  'images/site/hero-1.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[0]!, 0, ['backpack', 'tote']) },
  'images/site/hero-2.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[1]!, 1, ['suitcase', 'duffle']) },
  'images/site/hero-3.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[2]!, 2, ['wallet', 'card-holder', 'belt']) },
  'images/site/hero-4.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[3]!, 3, ['crossbody', 'clutch']) },
  'images/site/category-bags.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[1]!, 2, ['backpack', 'tote', 'crossbody']) },
  'images/site/category-travel.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[2]!, 1, ['suitcase', 'duffle', 'toiletry-bag']) },
  'images/site/category-accessories.jpg': { width: 1800, height: 1200, svg: () => heroSvg(1800, 1200, HERO_PALETTES[0]!, 3, ['wallet', 'belt', 'keyring']) },
};
