// Flat ESLint config for every project (`eslint src` in each package; `npx eslint <path>` from the root).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint-boundaries.mjs';
import { featureWalls } from './tools/eslint-features.mjs';
import { rooms } from './tools/eslint-rooms.mjs';

// Node globals for plain JavaScript tooling files (TypeScript files are checked by tsc instead).
const nodeGlobals = Object.fromEntries(
  [
    'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask',
    'structuredClone', 'TextEncoder', 'TextDecoder', 'globalThis',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' };

export default defineConfig(
  { ignores: ['**/dist/', '**/node_modules/', '**/var/', '**/coverage/', '**/.nx/', '**/test-results/', '**/playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // who may import what (nx project tags; tools/eslint-boundaries.mjs)
  ...boundaries(),
  // the rooms of every remote and the shell: imports point inward (tools/eslint-rooms.mjs)
  ...rooms(),
  // walls between features: a feature never imports another (tools/eslint-features.mjs)
  ...featureWalls(),
);
