// zod 4 probes whether it may compile parsers with `Function('')` the first time it parses an object; under
// the page's CSP (no 'unsafe-eval') the probe is refused and the browser reports a CSP violation each time
// the app starts. Jitless parsing never probes. zod keeps its settings in `globalThis.__zod_globalConfig`
// and adopts an object found there when it loads (and keeps using it), so this is set without importing zod:
// the menu page loads no zod at all (decision record 036), and every later chunk that does finds it in place.
// Imported first by main.tsx; zod-without-eval.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
