import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Bulletproof-react boundaries: shared code (components, lib) never reaches into
// features or the app shell, and a feature never reaches into another feature.
// Inside a feature, imports are relative; anything climbing two levels up
// (../../) is leaving the feature and must go through `@/components` or `@/lib`.
const noReachingIntoFeatures = {
  group: ['@/features/*', '@/app/*'],
  message: 'Shared code and features must not import features or the app shell.',
}
const noClimbingOutOfFeature = {
  regex: '^\\.\\./\\.\\./',
  message: 'Import shared code through @/components or @/lib, not by climbing out of the feature.',
}

export default defineConfig([
  globalIgnores(['dist', 'src/lib/api/schema.d.ts']),
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
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReachingIntoFeatures] }] },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noReachingIntoFeatures, noClimbingOutOfFeature] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
])
