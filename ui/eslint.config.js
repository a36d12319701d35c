import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Bulletproof-react boundaries, as zones by path (resolved, so `@/...`, relative and
// re-exported imports are all caught): shared code (components, lib) never reaches
// into features or the app shell; a feature never reaches into another feature or
// the app shell; only tests use the test helpers.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const zones = [
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not import features or the app shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature must not import the app shell; the shell imports features.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature: move what both need to @/components or @/lib.',
  })),
  // Test files, and the helpers named testing.tsx beside them, may.
  {
    target: './src/!(testing)/**/!(*.test|testing).{ts,tsx}',
    from: './src/testing',
    message: 'Only tests import the test helpers.',
  },
]
// Inside a feature, imports are relative; anything climbing two levels up (../../)
// is leaving the feature and must go through `@/components` or `@/lib`.
const noClimbingOutOfFeature = {
  regex: '^\\.\\./\\.\\./',
  message: 'Import shared code through @/components or @/lib, not by climbing out of the feature.',
}

export default defineConfig([
  globalIgnores(['dist', 'dist.next', 'src/lib/api/schema.d.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClimbingOutOfFeature] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
])
