import { FALLBACK_LANGUAGE, type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import type { ReadTexts, TextBundle } from './read-texts.ts';

/** One file per namespace in public/locales/<lang>/<ns>.json; screens load only the ones they use. */
export const NAMESPACES = [
  'common',
  'landing',
  'guide',
  'terms',
  'menu',
  'orders',
  'table',
  'payment',
  'staff',
  'accounts',
  'team',
  'setup',
  'refunds',
  'menu-editor',
  'preview',
  'choices',
  'hours',
  'printing',
  'figures',
  'menu-windows',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Texts by language and namespace: { [language]: { [namespace]: texts } }. */
export type Resources = Record<string, Record<string, TextBundle>>;

/** Values for the text's {{name}} placeholders; `count` also picks the plural form. */
export type TextOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string | string[], options?: TextOptions) => string;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const rules = new Map<string, Intl.PluralRules>();

/**
 * Plural forms by the language's rules. The specification's `cz` is no language and `si` is Sinhala: the BCP 47
 * tag picks the rules (cz → cs, si → sl), so Czech and Slovenian get their own grammar.
 */
function pluralForm(language: string, count: number): string {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(toBcp47(language as LanguageCode));
    rules.set(language, rule);
  }
  return rule.select(count);
}

function lookup(bundle: TextBundle | undefined, key: string): string | undefined {
  let node: string | TextBundle | undefined = bundle;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  }
  // An empty text counts as missing: the fallback language's is shown instead.
  return typeof node === 'string' && node !== '' ? node : undefined;
}

/** {{name}} → the option's value; an option given as undefined → ''; one not given stays as it is. */
function interpolate(text: string, options: TextOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name.trim()];
    if (value === undefined) return Object.hasOwn(options, name.trim()) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

/**
 * The app's texts (decision record 041): what is loaded, the language shown, and `t`. A key is looked up in the
 * language, then in English (spec §2); `count` picks the `_one`/`_few`/… form first; missing everywhere → the
 * key. Namespaces come from `read` (HTTP); without it (the server, the tests) the given resources are all.
 */
export class Texts {
  language: LanguageCode;
  private readonly bundles: Resources;
  private readonly loads = new Map<string, Promise<void>>();
  private readonly settled = new Set<string>();
  /** Every namespace asked for: a language change loads them all in the new language. */
  private readonly used = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private changingTo: LanguageCode | undefined;

  constructor(
    language: LanguageCode,
    resources: Resources = {},
    private readonly read?: ReadTexts,
  ) {
    this.language = language;
    this.bundles = resources;
    for (const bundle of Object.values(resources)) for (const ns of Object.keys(bundle)) this.used.add(ns);
  }

  /** The languages a key is looked up in, in order. */
  private codes(language: string): string[] {
    return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  }

  /** The first of `keys` that has a text (in the language, then English), or the last key as it is. */
  translate(language: string, namespace: string, keys: string | string[], options: TextOptions = {}): string {
    let key = '';
    let text: string | undefined;
    for (key of typeof keys === 'string' ? [keys] : keys) {
      const colon = key.indexOf(':');
      const ns = colon > 0 ? key.slice(0, colon) : namespace;
      if (colon > 0) key = key.slice(colon + 1);
      text = this.find(language, ns, key, options.count);
      if (text !== undefined) break;
    }
    return interpolate(text ?? (options.defaultValue || key), options);
  }

  private find(language: string, namespace: string, key: string, count: unknown): string | undefined {
    for (const code of this.codes(language)) {
      const bundle = this.bundles[code]?.[namespace];
      const text =
        (typeof count === 'number' ? lookup(bundle, `${key}_${pluralForm(code, count)}`) : undefined) ??
        lookup(bundle, key);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  /** `t` for one language and namespace (`ns:key` reaches another namespace). */
  fixedT(language: string, namespace: string): TFunction {
    return (key, options) => this.translate(language, namespace, key, options);
  }

  /** Ready when the language's file is here, or both its and English's reads have ended (even failed). */
  hasLoaded(namespaces: readonly string[]): boolean {
    if (!this.read) return true;
    const codes = this.codes(this.language);
    return namespaces.every(
      (ns) => this.bundles[this.language]?.[ns] || codes.every((code) => this.settled.has(`${code}|${ns}`)),
    );
  }

  /** Loads the namespaces (in `language` and English) that are not here yet; never rejects. */
  loadNamespaces(namespaces: readonly string[], language: string = this.language): Promise<void> {
    const reads: Promise<void>[] = [];
    for (const ns of namespaces) {
      this.used.add(ns);
      for (const code of this.codes(language)) reads.push(this.load(code, ns));
    }
    return Promise.all(reads).then(() => undefined);
  }

  private load(language: string, namespace: string): Promise<void> {
    const id = `${language}|${namespace}`;
    let pending = this.loads.get(id);
    if (!pending) {
      const { read } = this;
      const bundle = this.bundles[language]?.[namespace];
      pending =
        bundle || !read
          ? Promise.resolve()
          : read(language, namespace).then((texts) => {
              if (texts) this.bundles[language] = { ...this.bundles[language], [namespace]: texts };
            });
      pending = pending.then(() => {
        this.settled.add(id);
      });
      this.loads.set(id, pending);
    }
    return pending;
  }

  /** Loads every namespace in use in `language`, then shows it; a later change wins over an earlier one. */
  async changeLanguage(language: LanguageCode): Promise<void> {
    this.changingTo = language;
    await this.loadNamespaces([...this.used], language);
    if (this.changingTo !== language || this.language === language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on each language change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLanguage = (): LanguageCode => this.language;
}
