// ESLint with typescript-eslint's type-aware rules (issue 33): `npm run lint`, a step of
// `npm test`. Formatting is Biome's (`npm run format`); nothing here is about layout.
import tseslint from 'typescript-eslint';

/** Rules of recommendedTypeChecked configured away, each with the reason. */
const REASONED = {
  // R2: built-ins are captured at load (`const getAttribute = Element.prototype.getAttribute`)
  // and called with `.call(el, …)`, so a page that patches them later cannot break us.
  '@typescript-eslint/unbound-method': 'off',
  // String(x) of a value of unknown shape is deliberate: an error from another realm or
  // a page, and what alert(obj) itself shows. It never throws where a template might.
  '@typescript-eslint/no-base-to-string': 'off',
  // `async` without `await` is how a function that may throw answers a rejection instead
  // (the command table's callers rely on errors as data, never a synchronous throw).
  '@typescript-eslint/require-await': 'off',
  // `Target | 'page'`: the literal documents the special value in the signature.
  '@typescript-eslint/no-redundant-type-constituents': 'off',
  // The same convention as tsc's noUnusedParameters: a leading underscore means "unused on purpose".
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  // Passing on a rejection of unknown type (a promise we wrap) keeps the original error.
  // An async listener or request handler where void is expected is the DOM's and Node's own
  // idiom (addEventListener('click', async …)); promises returned elsewhere are still checked.
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
  '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'examples/extension/dist/**',
      'node_modules/**',
      'bench/**',
      'fixtures/**',
      'scripts/**',
      '**/*.d.ts',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: REASONED,
  },
  {
    // Browser specs: the callbacks they hand to page.evaluate run in the page and read what
    // the spec put there, and what comes back is JSON the test asserts on. The unsafe-any
    // rules would flag each such read (1,550 of 1,734 findings in tests/browser) without
    // making a test more right; the promise rules stay (a forgotten await is a real bug).
    files: ['tests/browser/**/*.ts', 'tests/engines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Specs run the page scripts they build (new Function(code)), as the page itself would.
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },
  {
    // vitest's asymmetric matchers (expect.stringContaining, expect.any) are typed `any`;
    // putting one in an expected object is the matcher API, not an unsafe value.
    files: ['tests/unit/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
);
