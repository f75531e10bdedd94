import { join } from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import { z } from 'zod';
import { assertSupported, type JsonSchema } from './src/lib/answer-check.ts';

const MODULE = join(import.meta.dirname, 'src', 'lib', 'first-screen-checks.ts');
const ANSWER_CHECK = join(import.meta.dirname, 'src', 'lib', 'answer-check.ts');

/**
 * Keeps zod off the menu page (decision record 036): in the browser build, `src/lib/first-screen-checks.ts`
 * is replaced by checks generated from the contract schemas it exports — each turned into the JSON Schema
 * zod writes for its input (`z.toJSONSchema`, `io: 'input'`) and checked by `answerCheck`. The schemas are
 * read by running the module itself (Vite's module runner), so there is no second definition to keep in
 * step; a keyword the checker does not understand fails the build (`assertSupported`).
 */
export function firstScreenChecks(): Plugin {
  return {
    name: 'tablo:first-screen-checks',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    async load(id) {
      if (id !== MODULE) return null;
      const { module } = await runnerImport<Record<string, z.ZodType>>(MODULE, {
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
      });
      const lines = [`import { answerCheck } from ${JSON.stringify(ANSWER_CHECK)};`];
      for (const [name, schema] of Object.entries(module)) {
        if (!name.endsWith('Check')) throw new Error(`first-screen-checks: export ${name} is not a …Check`);
        const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
        assertSupported(json, name);
        lines.push(`export const ${name} = /* @__PURE__ */ answerCheck(${JSON.stringify(json)});`);
      }
      return lines.join('\n');
    },
  };
}
