// Flat config for the API package (eslint 9 looks it up from the working directory).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from '../tools/eslint-boundaries.mjs';
import { apiFolders } from '../tools/eslint-api-folders.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'drizzle/**', 'node_modules/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // who may import what (nx project tags; tools/eslint-boundaries.mjs)
  ...boundaries('api'),
  // the wings of api/src: store code never imports a stand-in, no folder cycles (tools/eslint-api-folders.mjs)
  ...apiFolders(),
);
