// Lint rules that carry meaning: Nx module boundaries (a service never imports another service or the
// gateway; the web app only imports browser-safe libraries) and typescript-eslint's recommended set.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'bench/results/**', 'web/public/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['platform:browser-safe'] },
          ],
        },
      ],
    },
  },
  {
    // Tests may boot other processes' modules in-process to test them together.
    files: ['**/test/**/*.ts', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'web/e2e/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
  },
  {
    // The web app's colours are the theme's (web/src/app/theme.ts): a component names a palette path, never a colour.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['web/src/app/theme.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsla?\\(/]',
          message: 'Use a colour of the theme palette (web/src/app/theme.ts), by its path or with translucent().',
        },
        {
          selector: 'TemplateElement[value.raw=/#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsla?\\(/]',
          message: 'Use a colour of the theme palette (web/src/app/theme.ts), by its path or with translucent().',
        },
      ],
    },
  },
  // Layout is Prettier's (`npm run format`; `npm run lint` checks it): no lint rule may argue with it.
  prettier,
];
