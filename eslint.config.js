import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    // Shared layers never depend on a feature (STYLE habit 3).
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'components/ and lib/ are shared: they must not import a feature.' }, { group: ['**/index', '**/index.ts', '**/index.tsx'], message: 'No barrel files: import the module directly.' }] }],
    },
  },
  {
    // Services know nothing of Express (STYLE habit 6).
    files: ['functions/src/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'express', message: 'Services must not depend on Express.' }] }] },
  },
);
