// Lint: typescript-eslint's recommended rules plus the layering of docs/architecture:
// src/shared is pure (no client/server imports, no clock, no Math.random, no I/O libraries);
// client and server never import each other; features, games and server modules keep their
// boundaries (scripts/eslint-boundaries.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import boundaries from './scripts/eslint-boundaries.mjs';

const impure = ['Date.now', 'performance.now', 'Math.random'].map((name) => {
  const [object, property] = name.split('.');
  return { object, property, message: `${name} is banned in src/shared: time and randomness are inputs.` };
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use crypto or the fair generator, never Math.random.' },
      ],
    },
  },
  {
    files: ['tests/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-properties': ['error', ...impure],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'src/shared does no I/O.' },
        { name: 'document', message: 'src/shared has no DOM.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '**/server/**'], message: 'src/shared imports nothing from client or server.' },
            {
              group: [
                'node:*',
                'react',
                'react-dom',
                'pixi.js',
                '@pixi/*',
                'fastify',
                'kysely',
                'pg',
                'better-sqlite3',
                'socket.io*',
              ],
              message: 'src/shared stays pure and isomorphic.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    plugins: { boundaries },
    rules: { 'boundaries/layers': 'error' },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client never imports the server.' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] },
      ],
    },
  },
  prettier, // formatting is Prettier's (npm run lint runs prettier --check too)
);
