// Flat config for this package (eslint 9 looks it up from the working directory).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { boundaries } from '../tools/eslint-boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // who may import what (nx project tags; tools/eslint-boundaries.mjs)
  ...boundaries('contracts'),
);
