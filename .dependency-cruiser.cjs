/**
 * The architecture's rules, checked by `npm run lint` (dependency-cruiser). Each rule says why it exists;
 * docs/architecture.md draws the layers. scripts/lint/boundaries.test.ts proves the rules bite.
 */
const DOMAIN_SRC = '^functions/src/';
const TESTS = '(\\.test\\.tsx?|/test/|\\.d\\.ts)$';
/** The Lambda entries and their shared wiring: the one place above the domains (docs/architecture.md "Entries"). */
const ENTRIES = '^functions/src/entries/';

/** One rule per floor of the SPA: a folder imports only the floors below it (see web-no-folder-cycles). */
function webLayersBelow(floors) {
  return floors.slice(0, -1).map((floor, i) => ({
    name: `web-${floor}-imports-only-below`,
    severity: 'error',
    comment: `web/src/${floor} stands below ${floors.slice(i + 1).join(', ')}: it must not import them.`,
    from: { path: `^web/src/${floor}/` },
    to: { path: `^web/src/(${floors.slice(i + 1).join('|')})/` },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'A cycle means two modules cannot be understood, tested or loaded apart; it is how flights<->wallet and ' +
        'users<->markup grew. Break it with a wiring field the entry fills (docs/architecture.md "Wiring") or by ' +
        'moving the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'Folders of functions/src stand in layers (entries over domains over lib): a domain that imports one ' +
        'that imports it back, even through other files than a file cycle needs, makes the two one piece. What ' +
        'a lower domain needs from a higher one comes in its wiring, which the entry builds.',
      from: { path: `${DOMAIN_SRC}` },
      to: { path: `${DOMAIN_SRC}`, circular: true },
    },
    {
      name: 'domain-through-public-entry',
      severity: 'error',
      comment:
        "A domain uses another only through that domain's index.ts, so its repos, ledgers and keys stay private " +
        'and can change without breaking a neighbour. lib/ is the shared platform below every domain. A domain ' +
        'may also have a light public entry, records.ts (a subset of index.ts, re-exported by it): importing ' +
        "index.ts keeps every export's dependencies in the importer's bundle (users' pulls argon2 and JWT " +
        'verification into rbac and markup), records.ts only the record-level helpers.',
      from: { path: `${DOMAIN_SRC}([^/]+)/`, pathNot: [TESTS, ENTRIES] },
      to: {
        path: DOMAIN_SRC,
        pathNot: [`${DOMAIN_SRC}$1/`, `${DOMAIN_SRC}[^/]+/(index|records)\\.ts$`, `${DOMAIN_SRC}lib/`, '\\.node$'],
      },
    },
    {
      name: 'entries-through-public-entries',
      severity: 'error',
      comment:
        "An entry composes domains: it takes a domain's operations from its bindings.ts and everything else " +
        '(hooks, the order machinery) from its index.ts, like any other user of the domain. Only entries may import ' +
        'a bindings.ts.',
      from: { path: ENTRIES, pathNot: TESTS },
      to: {
        path: DOMAIN_SRC,
        pathNot: [ENTRIES, `${DOMAIN_SRC}[^/]+/(index|records|bindings)\\.ts$`, `${DOMAIN_SRC}lib/`],
      },
    },
    {
      name: 'no-domain-imports-an-entry',
      severity: 'error',
      comment:
        "functions/src/entries/ holds the Lambda entries (composition roots that build each domain's wiring) and " +
        'their shared wiring (entries/wiring/); importing one pulls a whole Lambda into a domain and hides wiring. ' +
        'Nothing but entries (and tests) imports them.',
      from: { pathNot: [ENTRIES, TESTS] },
      to: { path: ENTRIES },
    },
    {
      name: 'lib-imports-no-domain',
      severity: 'error',
      comment: 'lib/ is the platform every domain stands on (HTTP preset, data layer, logger); it must not know them.',
      from: { path: `${DOMAIN_SRC}lib/` },
      to: { path: DOMAIN_SRC, pathNot: `${DOMAIN_SRC}lib/` },
    },
    {
      name: 'dynamodb-only-in-repositories',
      severity: 'error',
      comment:
        'Only repository files (repo.ts, *-repo.ts, the simulator store.ts) and the platform data layer (lib/db.ts, ' +
        'its document client lib/db-client.ts, and the records every request reads: sessions, tenancy, principal, permissions, rate limit) talk to ' +
        'DynamoDB, so each domain keeps its keys, conditions and transactions in one place and its services ' +
        'stay testable without I/O. Conditional writes and transactions go through the helpers of lib/db.ts. ' +
        'A keys.ts builds key strings only; a request built without the SDK (a transaction item) is refused by ' +
        "eslint.config.js's TABLE_REQUEST_OUTSIDE_REPOSITORY.",
      from: {
        path: DOMAIN_SRC,
        pathNot: [
          '/repo\\.ts$',
          '-repo\\.ts$',
          `${DOMAIN_SRC}supply/simulator/store\\.ts$`,
          `${DOMAIN_SRC}lib/(db|db-client|sessions|tenancy|principal|permissions|rate-limit|site-stats)\\.ts$`,
          TESTS,
        ],
      },
      to: { path: '@aws-sdk/(lib|client|util)-dynamodb' },
    },
    {
      name: 'packages-stand-alone',
      severity: 'error',
      comment:
        'packages/ (contracts, domain) are shared by the browser and the Lambdas; they must not depend on ' +
        'either side or on tooling.',
      from: { path: '^packages/' },
      to: { path: '^(functions|web|infra|scripts|tests)/' },
    },
    {
      name: 'web-features-through-public-entry',
      severity: 'error',
      comment:
        "A screen feature uses another only through that feature's index.ts (or a routed *.page.tsx, public by " +
        'nature), so features can be reworked and lazy-loaded on their own.',
      from: { path: '^web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^web/src/features/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/(index\\.tsx?|[^/]+\\.page\\.tsx)$'],
      },
    },
    {
      name: 'web-no-folder-cycles',
      severity: 'error',
      comment:
        'The SPA stands in floors: lib (stored session, toasts, redirects) < api (calls, useApi/useAction) < ' +
        'shared (screen pieces, the pager) < features < app (router, layout) < main.tsx. Two folders that import ' +
        'each other cannot be read, tested or split apart: move the shared piece down a floor.',
      scope: 'folder',
      from: { path: '^web/src/' },
      to: { circular: true },
    },
    ...webLayersBelow(['lib', 'api', 'shared', 'features', 'app']),
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The SPA ships to browsers: server code (functions, infra, scripts) must never be bundled into it.',
      from: { path: '^web/src/' },
      to: { path: '^(functions|infra|scripts)/' },
    },
    {
      name: 'server-not-on-web',
      severity: 'error',
      comment: 'Lambdas share code with the SPA only through packages/.',
      from: { path: '^functions/' },
      to: { path: '^(web|infra|scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The SPA's tests and their fixtures are not cruised: they reach across floors by design (a page test
    // renders the whole app) and would draw folder cycles the shipped code does not have.
    exclude: {
      path: [
        '(^|/)(node_modules|dist|cdk\\.out|\\.bench|\\.local)/',
        '^web/src/(test/|.*\\.test\\.tsx?$|.*test-fixtures\\.ts$)',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
