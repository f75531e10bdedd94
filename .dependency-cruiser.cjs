/**
 * The layering of the house (docs/decisions/059): imports run one way only.
 *   contract ← server, contract ← web
 *   server:  server.ts/app.ts/cli/demo → modules → plugins/lib → db;   nothing shipped imports the harness
 *   web:     app → features → components → providers → lib → config;  a feature never imports another feature
 *   web and server never import each other; shipped web code never imports web/src/testing
 * `npm run layers` checks it; `npm test` runs it after the lint.
 */
const TEST = '(\\.test\\.tsx?$|/testing/)';
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-nothing-above',
      comment:
        'the contract is the bottom layer: no path into the server, the web app or the harness, whether relative or by package name (@tablo/server/..., resolved to server/...)',
      severity: 'error',
      from: { path: '^contract/src' },
      to: { path: '^(server|web|e2e|bench)/' },
    },
    {
      name: 'web-imports-no-server',
      comment: 'the web app and the server meet only in the contract',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-no-web',
      comment: 'the server serves the built web app (web/dist) and never imports its source',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/src/' },
    },
    {
      name: 'web-product-imports-no-harness',
      comment:
        'what web/src ships never imports web/src/testing (request handlers, render helpers of the tests)',
      severity: 'error',
      from: { path: '^web/src/', pathNot: TEST },
      to: { path: '^web/src/testing/' },
    },
    {
      name: 'every-import-resolves',
      comment: 'an import the check cannot resolve is one no rule above can see (the resolve options below)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'shipped-code-imports-no-harness',
      comment: 'server/src is what ships: it never imports a test or the harness in server/test',
      severity: 'error',
      from: { path: '^server/src/', pathNot: TEST },
      to: { path: `^server/test/|${TEST}` },
    },
    {
      name: 'db-imports-nothing-above',
      severity: 'error',
      from: { path: '^server/src/db/', pathNot: TEST },
      to: { path: '^server/src/(lib|plugins|modules|cli|demo)/|^server/src/(app|server)\\.ts$' },
    },
    {
      name: 'lib-and-plugins-import-no-module',
      severity: 'error',
      from: { path: '^server/src/(lib|plugins)/', pathNot: TEST },
      to: { path: '^server/src/(modules|cli|demo)/|^server/src/(app|server)\\.ts$' },
    },
    {
      name: 'modules-import-no-composition',
      severity: 'error',
      from: { path: '^server/src/modules/', pathNot: TEST },
      to: { path: '^server/src/(cli|demo)/|^server/src/(app|server)\\.ts$' },
    },
    {
      name: 'web-nothing-imports-app',
      comment: 'web/src/app composes the features; nothing below imports it',
      severity: 'error',
      from: { path: '^web/src/(features|components|providers|lib|config)/', pathNot: TEST },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-layers-import-no-feature',
      severity: 'error',
      from: { path: '^web/src/(components|providers|lib|config)/', pathNot: TEST },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-providers-draw-no-components',
      comment:
        'the shared state (restaurant, table, session, language) sits under the components that read it',
      severity: 'error',
      from: { path: '^web/src/providers/', pathNot: TEST },
      to: { path: '^web/src/components/' },
    },
    {
      name: 'web-lib-imports-no-ui',
      severity: 'error',
      from: { path: '^web/src/lib/', pathNot: TEST },
      to: { path: '^web/src/(components|providers)/' },
    },
    {
      name: 'web-config-imports-no-lib',
      severity: 'error',
      from: { path: '^web/src/config/', pathNot: TEST },
      to: { path: '^web/src/(lib|components|providers)/' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Resolve '@tablo/contract/*' (and any package) through its package.json `exports`, as Node and Vite do:
      // without these the package imports stay unresolved and no rule above sees them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
