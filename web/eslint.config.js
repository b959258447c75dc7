import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs: the browser code (tsconfig.json) and the Node tooling (tsconfig.node.json).
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  // The layers of src/ (web/README.md, "Layers"): what each may import. One block per layer,
  // so that no file gets two of them (a later no-restricted-imports would replace an earlier).
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(islands|behaviours|scheduler|compat|registry)(/|$)',
              message: 'core/ is framework-free and imports only lib/: pass what it needs in instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/registry/**/*.{ts,tsx}'],
    // Tests build real React elements to check that they are recognised.
    ignores: ['src/registry/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(islands|behaviours|scheduler|compat|components)(/|$)',
              message: 'registry/ validates what extensions register: it imports only core/ and lib/.',
            },
            {
              regex: '^(react|react-dom)(/|$)',
              message: 'registry/ is framework-free: it recognises elements without importing React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../types` (the island contract) is the only way up into islands/.
              regex: '^\\.\\./(?!types$)[^./]|(^|/)islands/',
              message: 'An island does not import another island: share through components/, core/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./', message: 'lib/ is a leaf: it imports nothing else from src/.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
]);
