// Builds dist/sw.js (Workbox, bundled with esbuild) after the webpack build, with the shell's own
// files as the precache list (not the developer panel, nor the Web Vitals reporter only sampled page views load), and dist/manifest.webmanifest. The edge serves both at the site root.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const files = fs
  .readdirSync(dist)
  .filter((name) => /\.(js|css|svg)$/.test(name) && !name.endsWith('.map') && name !== 'sw.js' && !name.startsWith('dev-panel') && !name.startsWith('vitals'))
  .sort();

await build({
  entryPoints: [path.join(here, 'src/features/service-worker/sw.ts')],
  outfile: path.join(dist, 'sw.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  define: { __SHELL_FILES__: JSON.stringify(files), 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

fs.writeFileSync(
  path.join(dist, 'manifest.webmanifest'),
  JSON.stringify(
    {
      name: 'Fernleaf — bags, travel and accessories',
      short_name: 'Fernleaf',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7f3ec',
      theme_color: '#1f3b2d',
      icons: [{ src: '__SHELL_BASE__favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    null,
    2,
  ),
);
console.log(`[shell] sw.js precaches ${files.length} files; manifest.webmanifest written`);
