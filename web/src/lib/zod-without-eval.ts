import { config } from 'zod';

// zod 4 probes whether it may compile parsers with `Function('')` the first time it parses an object; under
// the page's CSP (no 'unsafe-eval') the probe is refused and the browser reports a CSP violation each time
// the app starts. Jitless parsing never probes. Imported first by main.tsx, before any schema runs.
config({ jitless: true });
