// Flat config for the release tool (plain ESM JavaScript run by Node).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/**'] },
  js.configs.recommended,
  { languageOptions: { sourceType: 'module', globals: { ...globals.node } } },
];
