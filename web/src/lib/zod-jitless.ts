// The browser build's `zod`: zod itself, set to parse without compiling (`z.config({ jitless: true })`, zod's
// public setting). zod 4 probes whether it may compile parsers with `Function('')` when the first object
// schema is built; under the page's CSP (no 'unsafe-eval') the browser refuses the probe and reports a CSP
// violation each time the app starts. Jitless parsing never probes.
//
// The Vite config resolves every `import … from 'zod'` of the browser build (the contract's schemas and the
// app's own) to this module, so the setting is made before any schema is built, by whichever chunk loads zod
// first — and the menu page, which loads no zod (decision record 036), pays nothing for it. zod builds no
// object schema while it loads (zod-jitless.test.ts checks both). The server and its renderer keep zod's
// compiled parsers (docs/decisions/064).
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
