import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import webLayers from './eslint-rules/web-layers.js';

const BARREL_RULE = { group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'No barrel files: import the module directly.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.ssr/**', '**/dist-*/**', 'functions/lib/**', '.tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'web-layers': webLayers },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [BARREL_RULE] }],
      // Layers (STYLE habit 3), on the paths imports resolve to, static and import() alike:
      // app -> pages -> features -> components/lib -> common; features never import each other;
      // no import cycles (eslint-rules/web-layers.js, decision 0031).
      'web-layers/layers': 'error',
      'web-layers/no-cycle': 'error',
      // Schema and answer modules build zod when imported: the web takes the answer types with
      // `import type` and the constants from the zod-free module beside them (decision 0073). A form
      // loads its request schemas through a `*-schemas.ts` module of its own, lazily.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fridgeparts/common/*.schema', '@fridgeparts/common/**/*.schema', '@fridgeparts/common/*.answers', '@fridgeparts/common/**/*.answers'],
              allowTypeImports: true,
              message:
                'Import schema modules as types only (`import type`); constants come from the zod-free module beside them, schemas through a lazily loaded `*-schemas.ts`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*-schemas.ts', 'web/src/**/*.test.{ts,tsx}', 'web/src/test-support/**'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // No import cycles in the function and common either (decision 0072): static imports, on resolved paths.
    files: ['functions/src/**/*.ts', 'common/src/**/*.ts'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/no-cycle': 'error' },
  },
  {
    // Services know nothing of Express or the HTTP layer (STYLE habit 6).
    files: ['functions/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'Services must not depend on Express.' }],
          patterns: [{ group: ['**/http', '**/http/**'], message: 'Services must not depend on the HTTP layer (the caller type is services/caller.ts).' }],
        },
      ],
    },
  },
  {
    // common is imported by the functions and the web app alike: no Firebase SDK in it. Documents
    // take the caller's Timestamp as a type parameter (common/src/documents/time.ts).
    files: ['common/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', '@google-cloud/*'],
              message: 'common/ must not depend on a Firebase SDK: take its Timestamp as a type parameter (documents/time.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The document model is in the web's live reads (a lazy chunk): it takes types from the schema
    // modules but runs no zod. Values only from the zod-free modules.
    files: ['common/src/documents/**/*.ts'],
    ignores: ['common/src/documents/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                '../*',
                '!../money',
                '!../pricing',
                '!../messages',
                '!../constants',
                '!../search-terms',
                '!../image-url',
                '!../order-lifecycle',
                // A folder's zod-free modules: the folder let through, its files held again, these let through.
                '!../shipping',
                '../shipping/*',
                '!../shipping/parcel',
                '!../shipping/ship-dates',
                '!../shipping/shipments',
                '!../availability',
                '../availability/*',
                '!../availability/availability',
                '!../tax',
                '../tax/*',
                '!../tax/tax',
                '!../returns',
                '../returns/*',
                '!../returns/returns',
              ],
              allowTypeImports: true,
              message: 'Documents import schema modules (and zod) for their types only: `import type`, so the web bundle stays free of zod.',
            },
          ],
        },
      ],
    },
  },
);
