import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const BARREL_RULE = { group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'No barrel files: import the module directly.' };
/** From web/src/features/<f>/<folder>/file: '../../<other>/' is another feature, '../../../pages|app' a higher layer. */
const FEATURE_RULES = [
  { regex: '^\\.\\./\\.\\./[a-z-]+/', message: 'Features never import each other (STYLE habit 3): move the shared piece to components/ or lib/, or let the page compose them.' },
  { regex: '^(\\.\\./)+(pages|app)/', message: 'Features do not import pages or the app layer.' },
];

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other (STYLE habit 3); shared pieces live in components/ or lib/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'No barrel files: import the module directly.' }] }],
    },
  },
  {
    // Layers (issue 9): app -> pages -> features -> components/lib -> common. A feature imports
    // neither another feature nor a page or the app, statically or with import().
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...FEATURE_RULES, BARREL_RULE] }],
      // The same for import(); esquery's regex literal cannot hold a '/', so \W stands for it.
      'no-restricted-syntax': ['error', ...FEATURE_RULES.map((r) => ({ selector: `ImportExpression[source.value=/${r.regex.replaceAll('/', '\\W')}/]`, message: r.message }))],
    },
  },
  {
    // Pages compose features; they never reach into the app's route table or providers.
    files: ['web/src/pages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)app/', message: 'Pages do not import the app layer.' }, BARREL_RULE] }] },
  },
  {
    // Shared layers never depend on a feature (STYLE habit 3).
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'components/ and lib/ are shared: they must not import a feature.' }, { group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'No barrel files: import the module directly.' }] }],
    },
  },
  {
    // Services know nothing of Express or the HTTP layer (STYLE habit 6).
    files: ['functions/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'express', message: 'Services must not depend on Express.' }], patterns: [{ group: ['**/http', '**/http/**'], message: 'Services must not depend on the HTTP layer (the caller type is services/caller.ts).' }] },
      ],
    },
  },
  {
    // common is imported by the functions and the web app alike: no Firebase SDK in it. Documents
    // take the caller's Timestamp as a type parameter (common/src/documents/time.ts).
    files: ['common/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', '@google-cloud/*'], message: 'common/ must not depend on a Firebase SDK: take its Timestamp as a type parameter (documents/time.ts).' }] }],
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
        { patterns: [{ group: ['zod', '../*', '!../money', '!../pricing', '!../messages', '!../constants', '!../search-terms'], allowTypeImports: true, message: 'Documents import schema modules (and zod) for their types only: `import type`, so the web bundle stays free of zod.' }] },
      ],
    },
  },
);
