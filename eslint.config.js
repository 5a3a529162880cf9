// ESLint (flat config): typescript-eslint's recommended rules plus the type-aware rules this project
// relies on. Run by `npm run lint` and by `.ci/run` after the type-check. Every rule switched off or
// narrowed below carries the reason; a rule is never switched off to silence one finding (fix it, or
// disable it on that line with a `-- reason`).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/**', 'node_modules/**', 'results/**', 'vendor/**', 'bench/bgio/**', 'scratch/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        // The two tsconfigs (the Node code and the browser code in src/web) give the type-aware rules their types.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection: every one is awaited, returned or marked `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Unused names are defects; a leading underscore marks a parameter an interface requires but this implementation ignores.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // No `any` in src/ or agents/ (the house rule: use `unknown` and narrow).
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
