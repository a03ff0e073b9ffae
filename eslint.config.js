// Lint holds the layout (docs/decisions/071-one-way-module-layout.md): imports flow one way, SQL lives in
// repositories, query keys come from their factories, and prettier decides the formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The web's shared parts: small folders under src/web/features that several features use, each named for what it
 * shares (decision 110). A feature imports only itself, these and the code below features (components, lib).
 */
const SHARED_FEATURE_PARTS = [
  'acting-shark',
  'conversations',
  'money',
  'query-keys',
  'session-lists',
  'slots',
  'viewer',
];

/** One zone per feature, read from the folder, so a new feature is held by the rule the day it is created. */
const FEATURE_ZONES = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    except: [...new Set([name, ...SHARED_FEATURE_PARTS])].map((part) => `./${part}`),
    message: SHARED_FEATURE_PARTS.includes(name)
      ? 'A shared part imports only other shared parts, never a feature.'
      : 'A feature never imports another feature: move what both need into a shared part named for it (decision 110), or let the page compose them.',
  }));

/** Leaving one's folder goes through the package.json aliases, never through '../'. */
const NO_PARENT = {
  group: ['../*', '../**'],
  message: 'Import from outside this folder with #shared/, #server/ or #web/.',
};

/** @typescript-eslint/no-restricted-imports options (the core rule's, plus allowTypeImports): a block's own patterns and paths, always with NO_PARENT. */
const restrict = ({ patterns = [], paths = [] } = {}) => [
  'error',
  { patterns: [NO_PARENT, ...patterns], paths },
];

const SERVICE_REEXPORT =
  'A service does not re-export another file: the caller imports the name from the file that defines it, a sub-door (SUB_DOORS) or, for a type, any file of the module.';

const RAW_SQL = {
  name: 'drizzle-orm',
  importNames: ['sql'],
  message:
    'Raw SQL lives in a module repository.ts (or src/server/db); a service or route calls the repository.',
};

/**
 * Another module is reached through its service.ts, or through one of the sub-doors below (decision 172): a file
 * that defines one coherent thing the module shares, named after it, which a caller imports from where it is
 * defined. A service never re-exports another file's names (no pass-through layer). One seam besides: the
 * payments module's webhook inbox, where the test gateway's webhook jobs hand in what Razorpay would POST
 * (decision 133).
 */
const SUB_DOORS = [
  'accounts/accounts/sessions.ts', // the session cookie, reading and making sessions, hashing a secret token
  'accounts/accounts/passwords.ts', // hashing a password (the seed, the fixtures, the soak)
  'accounts/accounts/tokens.ts', // purging expired email tokens (the maintenance job)
  'accounts/accounts/password-reset.ts', // the account-link job's work: mailing the reset link
  'accounts/accounts/email-verification.ts', // the account-link job's work: mailing the verification link
  'freelance/engagement-reviews/public-reviews.ts', // a freelancer's verified reviews for its profile (decision 182)
  'freelance/engagements/milestones.ts', // a milestone's money (decisions 176-179)
  'money/payments/gateway.ts', // the gateway's refusal (GatewayRejected)
  'money/payments/pricing.ts', // the refund percentage
  'money/payments/documents.ts', // financial year, GST split, state codes
  'money/payments/checkout.ts', // the one checkout: orders, open payments, captures settled through a Product (issue 39)
  'money/payments/webhook-job.ts', // the payment-webhook job's dispatcher, wired to every product by the jobs
  'money/payments/webhook-inbox.ts',
  'platform/storage/keys.ts', // buckets, keys and the Storage interface
  'platform/storage/images.ts', // checking and resizing an uploaded image
  'platform/storage/upload.ts', // reading an image upload from a request
  'platform/storage/documents.ts', // reading a document upload, its download disposition
];
const MODULE_DOOR = {
  group: [
    // A module is modules/<context>/<module> (issue 39): the map is read from the tree.
    '\\#server/modules/*/*/*',
    '!\\#server/modules/*/*/service.ts',
    ...SUB_DOORS.map((door) => `!\\#server/modules/${door}`),
  ],
  message:
    'Another module is reached through its service.ts or a sub-door listed in SUB_DOORS, never its repository or other files.',
  // A row type is imported from the file that defines it (a type-only import carries no code and no call path);
  // a service never re-exports it (decision 172).
  allowTypeImports: true,
};

/**
 * Tables with one owning module (decision 209 lists every table's writer): only the owner's repository names
 * them; everyone else asks its service. Tests and their fixtures may write them directly.
 */
const ownedBy = (owner, importNames, message) => ({
  owner,
  rule: { name: '#server/db/schema.ts', importNames, message },
});
const OWNED = [
  // A session's tables (decision 100).
  ownedBy(
    'sessions/sessions',
    ['courseBookings', 'bookingEvents', 'checkoutHolds', 'sessionCounters'],
    "A session's tables are the sessions module's: ask #server/modules/sessions/sessions/service.ts (decision 100).",
  ),
  // Money's tables (decision 133): payments, refunds, webhook events, documents.
  ownedBy(
    'money/payments',
    ['payments', 'refunds', 'paymentWebhookEvents', 'moneyDocuments', 'moneyDocumentSeries'],
    "Money's tables are the payments module's: ask #server/modules/money/payments/service.ts (decision 133).",
  ),
  // The ledger's tables (decision 132): every rupee is posted through its service.
  ownedBy(
    'money/ledger',
    ['ledgerAccounts', 'ledgerTransactions', 'ledgerEntries'],
    "The ledger's tables are the ledger module's: post through #server/modules/money/ledger/service.ts (decision 132).",
  ),
  // The built-in test gateway's objects (decision 133): Razorpay's side, emulated.
  ownedBy(
    'money/test-gateway',
    ['testGatewayObjects'],
    "The test gateway's table is the test-gateway module's: ask #server/modules/money/test-gateway/service.ts (decision 133).",
  ),
  // The company's monthly fee invoices to payees (decision 143).
  ownedBy(
    'money/statements',
    ['feeInvoices'],
    "Fee invoices are the statements module's: ask #server/modules/money/statements/service.ts (decision 143).",
  ),
  // The threads of a session, a proposal and an engagement (decision 212).
  ownedBy(
    'platform/conversations',
    ['bookingMessages', 'proposalMessages', 'engagementMessages'],
    "The threads' tables are the conversations module's: ask #server/modules/platform/conversations/service.ts (decision 212).",
  ),
];
const OWNED_TABLES = OWNED.map((o) => o.rule);

/** An error code is named from the shared list (ERROR_CODE in src/shared/error-codes.ts), never a bare string. */
const BARE_ERROR_CODE = {
  selector:
    "NewExpression[callee.name='HttpError'] > Literal.arguments:nth-child(3), CallExpression[callee.name=/^(conflict|forbidden|unauthorized)$/] > Literal.arguments:nth-child(2), Property[key.name='error'] > ObjectExpression > Property[key.name='code'] > Literal",
  message: 'Name the error code from ERROR_CODE (src/shared/error-codes.ts), decision 101.',
};

/** An array literal as a query key outside the features' api.ts files: keys come only from key factories. */
const INLINE_QUERY_KEY = {
  selector: "Property[key.name='queryKey'] > ArrayExpression",
  message: "Query keys come from the feature's key factory in its api.ts (e.g. catalogueKeys.list(filters)).",
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle follows imports by parsing each file: it must know TypeScript files and how to parse them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(),
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/web', './src/server'],
              message: 'shared imports nothing else.',
            },
            { target: './src/web', from: './src/server', message: 'web must not import server code.' },
            { target: './src/server', from: './src/web', message: 'server must not import web code.' },
            {
              // Folders depend one way (decision 073): modules -> http, db; plugins and jobs -> modules.
              target: ['./src/server/http', './src/server/db'],
              from: ['./src/server/plugins', './src/server/modules', './src/server/jobs'],
              message: 'http and db sit below the modules, plugins and jobs: they never import them.',
            },
            {
              target: './src/web/features',
              from: ['./src/web/pages', './src/web/app'],
              message: 'features never import pages or the app shell.',
            },
            ...FEATURE_ZONES,
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/pages', './src/web/app'],
              message: 'shared web code never imports features, pages or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // A page is a route component: it composes features and components, never another page.
    files: ['src/web/pages/**/*.tsx'],
    ignores: ['src/web/pages/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        patterns: [
          {
            group: ['\\#web/pages/**', './*'],
            message: 'A page never imports another page: move shared parts into a feature.',
          },
        ],
      }),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/features/*/api.ts', 'src/web/features/*/api/*.ts'],
    rules: { 'no-restricted-syntax': ['error', INLINE_QUERY_KEY] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-syntax': ['error', BARE_ERROR_CODE] },
  },
  {
    // A service defines what it exports; it never passes another file's names through (decision 172).
    files: ['src/server/modules/*/*/service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        BARE_ERROR_CODE,
        { selector: 'ExportAllDeclaration', message: SERVICE_REEXPORT },
        { selector: 'ExportNamedDeclaration[source]', message: SERVICE_REEXPORT },
      ],
    },
  },
  {
    // The sessions module's tables, everywhere on the server but its repository (the later blocks repeat it).
    // Outside the modules (plugins, http, jobs, scripts, the seed) a module is reached through its service too.
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    // The bench's raw side builds a Drizzle over the whole schema (as db/client.ts does), reading no table.
    ignores: [
      'src/server/**/*.test.ts',
      'src/server/test/**',
      'scripts/**/*.test.ts',
      'scripts/bench/raw.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({ paths: OWNED_TABLES, patterns: [MODULE_DOOR] }),
    },
  },
  {
    // SQL lives in repositories (decision 072); tests may read the database to check what a request did.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/repository.ts',
      'src/server/db/**',
      'src/server/**/*.test.ts',
      'src/server/test/**',
      // The demo seed writes its catalogue in bulk, like a migration.
      'src/server/seed.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        paths: [RAW_SQL, ...OWNED_TABLES],
        patterns: [MODULE_DOOR],
      }),
    },
  },
  {
    // A module's routes call its own service, its service its own repository; another module only through
    // its service (decision 073). Repositories may write raw SQL; nothing else in a module may.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/modules/**/repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        paths: [RAW_SQL, ...OWNED_TABLES],
        patterns: [MODULE_DOOR],
      }),
    },
  },
  {
    files: ['src/server/modules/**/repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({ paths: OWNED_TABLES, patterns: [MODULE_DOOR] }),
    },
  },
  // Each owner's repository names its own tables, and no other owner's.
  ...OWNED.map((owned) => ({
    files: [`src/server/modules/${owned.owner}/repository.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        paths: OWNED_TABLES.filter((t) => t !== owned.rule),
        patterns: [MODULE_DOOR],
      }),
    },
  })),
);
