/**
 * The layering of the house (docs/decisions/059): imports run one way only.
 *   contract ← server, contract ← web
 *   server:  server.ts/app.ts/cli/demo → modules → plugins/lib → db;   nothing shipped imports the harness
 *   web:     app → features → components → providers → lib → config;  a feature never imports another feature
 * `npm run layers` checks it; `npm test` runs it after the lint.
 */
const TEST = '(\\.test\\.tsx?$|/testing/)';
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-nothing-above',
      severity: 'error',
      from: { path: '^contract/src' },
      to: { path: '^(server|web|e2e|bench)/' },
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
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
