import { join } from 'node:path';
import type { Plugin } from 'vite';

/** lucide-react's icon factory, which every `lucide-react/icons/*` module imports as `../createLucideIcon.mjs`. */
const LUCIDE_FACTORY = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;
const LEAN_FACTORY = join(import.meta.dirname, 'src', 'lib', 'lucide-icon.ts');
/** One icon's drawing: `lucide-react/icons/<name>` resolves to it. */
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

/**
 * The icons keep lucide's drawings but are drawn by the app's own small factory (src/lib/lucide-icon.ts):
 * lucide's (1.5 KB gzip on the menu page: a context provider, alias classes, class merging) is more than the
 * app uses (decision record 036). For the browser, the server renderer and the tests alike, so the markup
 * is the same everywhere.
 */
export function leanLucide(): Plugin {
  return {
    name: 'tablo:lean-lucide',
    enforce: 'pre',
    load(id) {
      if (!LUCIDE_FACTORY.test(id)) return null;
      return `export { createLucideIcon as default } from ${JSON.stringify(LEAN_FACTORY)};`;
    },
    // The drawings' React keys (`key: "1wnfg3"`, one per element) and a bare `__iconData.node;` are for
    // lucide's factory; the app's passes the elements as arguments, which need no keys (decision 043).
    transform(code, id) {
      if (!LUCIDE_ICON.test(id)) return null;
      return { code: code.replace(/,\s*key: "[^"]*"/g, '').replace(/^__iconData\.node;$/m, ''), map: null };
    },
  };
}
