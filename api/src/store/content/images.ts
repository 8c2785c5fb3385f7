/**
 * Drawn illustrations for articles, blog posts and home slides (images/content/<name>.jpg, 1800 x
 * 1200, the spec's image source size), in the style of the product and hero images: an SVG
 * scene (coast, mountains, city, bush, workshop or night sky) with product silhouettes from
 * images/draw.ts, rasterised and cached by the image CDN. No downloaded images.
 */
import { hashString, mix, SILHOUETTES } from '../images/draw.js';
import type { SiteImage } from '../images/draw.js';

export const CONTENT_IMAGE_W = 1800;
export const CONTENT_IMAGE_H = 1200;

export type SceneKind = 'coast' | 'mountains' | 'city' | 'bush' | 'workshop' | 'night';

export interface ContentScene {
  scene: SceneKind;
  /** Silhouette kinds from images/draw.ts, drawn left to right. */
  items: string[];
  /** Main colour of the first item; the others are derived. */
  colour: string;
}

/** Every content illustration the seeded content refers to, by name. */
export const CONTENT_SCENES: Record<string, ContentScene> = {
  'slide-spring': { scene: 'coast', items: ['backpack', 'tote'], colour: '#4f6b4a' },
  'slide-travel': { scene: 'mountains', items: ['suitcase', 'duffle'], colour: '#2c4f9e' },
  'slide-leather': { scene: 'workshop', items: ['wallet', 'card-holder', 'belt'], colour: '#8a4b25' },
  'slide-commute': { scene: 'city', items: ['briefcase', 'backpack'], colour: '#2f3b45' },
  'article-shipping': { scene: 'coast', items: ['duffle'], colour: '#6b7f5a' },
  'article-returns': { scene: 'city', items: ['tote'], colour: '#a0603a' },
  'article-warranty': { scene: 'workshop', items: ['suitcase'], colour: '#34495e' },
  'article-help': { scene: 'bush', items: ['crossbody'], colour: '#7a3b42' },
  'article-legal': { scene: 'night', items: ['passport-holder'], colour: '#1f3a5f' },
  'article-care': { scene: 'workshop', items: ['wallet', 'keyring'], colour: '#6e4a2e' },
  'article-gift-cards': { scene: 'night', items: ['clutch', 'card-holder'], colour: '#9a3b53' },
  'blog-carry-on': { scene: 'mountains', items: ['suitcase', 'toiletry-bag'], colour: '#3a5a7a' },
  'blog-great-walks': { scene: 'bush', items: ['backpack'], colour: '#5a6e3a' },
  'blog-leather-care': { scene: 'workshop', items: ['wallet', 'belt'], colour: '#7b4a2a' },
  'blog-commute': { scene: 'city', items: ['backpack', 'briefcase'], colour: '#28323c' },
  'blog-ferry': { scene: 'coast', items: ['tote', 'crossbody'], colour: '#b5804f' },
  'blog-ski': { scene: 'mountains', items: ['duffle', 'sunglasses-case'], colour: '#9e2f2f' },
  'blog-recycled': { scene: 'bush', items: ['tote', 'backpack'], colour: '#3f6b5a' },
  'blog-gifts': { scene: 'night', items: ['clutch', 'keyring', 'wallet'], colour: '#6b1f2d' },
  'blog-school': { scene: 'city', items: ['backpack', 'tote'], colour: '#2c4f9e' },
  'blog-workshop': { scene: 'workshop', items: ['briefcase'], colour: '#5b3a24' },
  'blog-road-trip': { scene: 'coast', items: ['duffle', 'backpack'], colour: '#4d3024' },
  'blog-wanaka': { scene: 'mountains', items: ['backpack', 'crossbody'], colour: '#2d4a3a' },
  'blog-packing-cubes': { scene: 'city', items: ['toiletry-bag', 'suitcase'], colour: '#8a6d3b' },
  'blog-rain': { scene: 'bush', items: ['backpack', 'tote'], colour: '#1f2b47' },
  'blog-minimal-wallet': { scene: 'workshop', items: ['card-holder', 'wallet'], colour: '#3a3f44' },
  'blog-long-haul': { scene: 'night', items: ['suitcase', 'passport-holder'], colour: '#2c3e50' },
  'blog-markets': { scene: 'coast', items: ['tote'], colour: '#a85d2c' },
  'blog-repair': { scene: 'workshop', items: ['suitcase', 'duffle'], colour: '#4a5a3a' },
};

const SKIES: Record<SceneKind, [string, string, string]> = {
  // top, bottom, sun
  coast: ['#cfe3ea', '#f3ead9', '#f2c47a'],
  mountains: ['#d7e2ee', '#eef1f3', '#f5d9a0'],
  city: ['#e6e1da', '#f4efe7', '#e9a66a'],
  bush: ['#dfe8da', '#eef0e4', '#f0d28a'],
  workshop: ['#efe4d4', '#e2d3bc', '#f1c98e'],
  night: ['#1c2a44', '#3b4d6b', '#f3ecd2'],
};

function palette(hex: string, hardware: 'gold' | 'silver') {
  return {
    base: hex,
    dark: mix(hex, '#000000', 0.25),
    darker: mix(hex, '#000000', 0.45),
    light: mix(hex, '#ffffff', 0.22),
    hw: hardware === 'gold' ? '#c8a15a' : '#b9bec4',
    hwDark: hardware === 'gold' ? '#8c6b2f' : '#7d838a',
    stitch: mix(hex, '#ffffff', 0.5),
    lining: '#e9e1d1',
  };
}

function backdrop(scene: SceneKind, w: number, h: number, seed: number): string {
  const r = (n: number) => ((seed >>> n) % 100) / 100;
  switch (scene) {
    case 'coast':
      return `<path d="M0 ${h * 0.55} Q${w * 0.3} ${h * (0.5 + r(2) * 0.05)} ${w * 0.6} ${h * 0.56} T${w} ${h * 0.54} L${w} ${h} L0 ${h} Z" fill="#7fa7b5"/>
        <path d="M0 ${h * 0.66} Q${w * 0.25} ${h * 0.62} ${w * 0.5} ${h * 0.67} T${w} ${h * 0.64} L${w} ${h} L0 ${h} Z" fill="#5d8a9a" opacity="0.9"/>
        <path d="M0 ${h * 0.78} Q${w * 0.4} ${h * 0.72} ${w} ${h * 0.8} L${w} ${h} L0 ${h} Z" fill="#e8d9bb"/>
        <path d="M${w * 0.06} ${h * 0.55} q${w * 0.08} -${h * 0.18} ${w * 0.2} -${h * 0.02} z" fill="#4c6b4e" opacity="0.8"/>`;
    case 'mountains':
      return `<path d="M0 ${h * 0.7} L${w * 0.18} ${h * 0.32} L${w * 0.3} ${h * 0.5} L${w * 0.48} ${h * (0.22 + r(3) * 0.06)} L${w * 0.66} ${h * 0.52} L${w * 0.8} ${h * 0.36} L${w} ${h * 0.62} L${w} ${h} L0 ${h} Z" fill="#8a9bb0"/>
        <path d="M${w * 0.42} ${h * 0.3} L${w * 0.48} ${h * (0.22 + r(3) * 0.06)} L${w * 0.55} ${h * 0.32} L${w * 0.5} ${h * 0.3} Z" fill="#ffffff" opacity="0.9"/>
        <path d="M${w * 0.14} ${h * 0.38} L${w * 0.18} ${h * 0.32} L${w * 0.22} ${h * 0.38} Z" fill="#ffffff" opacity="0.9"/>
        <path d="M0 ${h * 0.78} Q${w * 0.35} ${h * 0.68} ${w * 0.7} ${h * 0.76} T${w} ${h * 0.74} L${w} ${h} L0 ${h} Z" fill="#a8b99a"/>`;
    case 'city': {
      const towers = Array.from({ length: 14 }, (_, i) => {
        const tw = w * 0.055;
        const th = h * (0.18 + ((seed >>> (i % 24)) % 30) / 100);
        return `<rect x="${(i * w) / 14}" y="${h * 0.76 - th}" width="${tw}" height="${th}" fill="${i % 3 === 0 ? '#b9b0a3' : '#cfc6b8'}"/>`;
      }).join('');
      return `${towers}<rect x="${w * 0.62}" y="${h * 0.2}" width="${w * 0.02}" height="${h * 0.56}" fill="#a99f92"/><circle cx="${w * 0.63}" cy="${h * 0.3}" r="${h * 0.035}" fill="#a99f92"/>
        <rect x="0" y="${h * 0.76}" width="${w}" height="${h * 0.24}" fill="#d9cfc0"/>`;
    }
    case 'bush': {
      const ferns = Array.from({ length: 7 }, (_, i) => {
        const x = (i + 0.5) * (w / 7);
        const y = h * 0.78;
        const s = 0.8 + (((seed >>> i) % 40) / 100);
        return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="#4f6b3f" stroke-width="10" stroke-linecap="round" opacity="0.75">
          <path d="M0 0 Q-20 -200 40 -380"/>${Array.from({ length: 8 }, (__, j) => `<path d="M${-4 + j * 5} ${-40 - j * 42} q-70 -10 -110 -60 M${-4 + j * 5} ${-40 - j * 42} q70 -30 100 -80"/>`).join('')}</g>`;
      }).join('');
      return `<path d="M0 ${h * 0.6} Q${w * 0.5} ${h * 0.48} ${w} ${h * 0.6} L${w} ${h} L0 ${h} Z" fill="#9fb38d"/>${ferns}
        <rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#c9bb9a"/>`;
    }
    case 'workshop':
      return `<rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#a7825c"/>
        <rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.02}" fill="#8a6846"/>
        <g stroke="#8a6846" stroke-width="8" fill="none" opacity="0.6"><path d="M${w * 0.08} ${h * 0.15} L${w * 0.08} ${h * 0.4}"/><circle cx="${w * 0.08}" cy="${h * 0.44}" r="${h * 0.04}"/>
        <path d="M${w * 0.14} ${h * 0.15} L${w * 0.14} ${h * 0.36}"/><path d="M${w * 0.12} ${h * 0.36} L${w * 0.16} ${h * 0.36} L${w * 0.14} ${h * 0.46} Z"/></g>
        <rect x="${w * 0.82}" y="${h * 0.12}" width="${w * 0.12}" height="${h * 0.18}" rx="8" fill="#d8c4a4" opacity="0.8"/>`;
    case 'night':
      return `${Array.from({ length: 40 }, (_, i) => `<circle cx="${((seed * (i + 3)) % 997) / 997 * w}" cy="${((seed * (i + 7)) % 991) / 991 * h * 0.5}" r="${2 + (i % 3)}" fill="#ffffff" opacity="${0.4 + (i % 5) / 10}"/>`).join('')}
        <path d="M0 ${h * 0.74} Q${w * 0.5} ${h * 0.66} ${w} ${h * 0.74} L${w} ${h} L0 ${h} Z" fill="#2a3550"/>
        <rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#3a4663"/>`;
  }
}

/** The SVG of one content illustration. */
export function contentSceneSvg(name: string, { scene, items, colour }: ContentScene): string {
  const w = CONTENT_IMAGE_W;
  const h = CONTENT_IMAGE_H;
  const seed = hashString(name);
  const [top, bottom, sun] = SKIES[scene];
  const floorY = scene === 'mountains' || scene === 'bush' || scene === 'coast' ? 0.93 : 0.9;
  const drawn = items
    .map((kind, i) => {
      const silhouette = SILHOUETTES[kind] ?? SILHOUETTES.tote!;
      const c = i === 0 ? colour : mix(colour, i % 2 ? '#e9dcc4' : '#000000', 0.35);
      const scale = (h / 1500) * (items.length > 2 ? 0.62 : items.length === 2 ? 0.72 : 0.8);
      const slot = items.length === 1 ? 0.62 : 0.45 + (i * 0.4) / items.length;
      const x = w * slot - 600 * scale;
      const y = h * floorY - 1240 * scale;
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})"><ellipse cx="600" cy="1240" rx="380" ry="52" fill="url(#floor)"/>${silhouette(palette(c, (seed + i) % 2 ? 'gold' : 'silver'))}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.35">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
    </linearGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${w * (0.7 + (seed % 20) / 100)}" cy="${h * 0.22}" r="${h * 0.11}" fill="${sun}" opacity="0.85"/>
  ${backdrop(scene, w, h, seed)}
  ${drawn}
</svg>`;
}

const CONTENT_IMAGE = /^images\/content\/([a-z0-9-]{1,80})\.jpg$/;

/** The drawing behind an images/content/<name>.jpg path, or null. */
export function contentImage(imagePath: string): SiteImage | null {
  const name = CONTENT_IMAGE.exec(imagePath)?.[1];
  const scene = name && Object.hasOwn(CONTENT_SCENES, name) ? CONTENT_SCENES[name] : undefined;
  if (!name || !scene) return null;
  return { width: CONTENT_IMAGE_W, height: CONTENT_IMAGE_H, svg: () => contentSceneSvg(name, scene) };
}

export const contentImagePath = (name: string) => `images/content/${name}.jpg`;
