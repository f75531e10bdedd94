import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Hostile text for the XSS journey (issue 11 §9): each would run script, or insert an element, if any
 * screen or page wrote it as markup. Every element a payload could create carries `data-xss` or is an
 * `xss-*` element, and every script it could run calls alert() or sets `window.__xss`, so the watch below
 * sees it whichever way it got through.
 */
export const PAYLOADS = {
  scriptTag: '<script>window.__xss=1;alert(1)</script>',
  imgOnerror: '<img src=x onerror="window.__xss=2;alert(2)" data-xss>',
  doubleQuote: '"><img src=x onerror=alert(3) data-xss>',
  singleQuote: "'><svg onload=alert(4) data-xss>",
  svgScript: '<svg><script>alert(5)</script><xss-svg data-xss/></svg>',
  javascriptUrl: 'javascript:alert(6)//',
  endScriptInJson: '</script><script>alert(7)</script><xss-json data-xss>',
  endTitle: '</title><xss-title data-xss>8</xss-title>',
  iframe: '<iframe src="javascript:alert(9)" data-xss></iframe>',
  anchor: '<a href="javascript:alert(10)" data-xss>click me</a>',
  details: '<details open ontoggle=alert(11) data-xss>',
  template: "{{constructor.constructor('alert(12)')()}} <%= alert(12) %> #{alert(12)}",
  lineSeparators: '\u2028\u2029</script><xss-ls data-xss>',
  fullwidth: '＜script＞alert(14)＜/script＞',
  zeroWidth: '<scr\u200bipt>alert(15)</scr\u200bipt><xss-zw data-xss>',
  preEscaped: '&lt;img src=x onerror=alert(16) data-xss&gt;',
  styleImport: "<style>@import 'javascript:alert(17)';</style><xss-style data-xss>",
  mutation: '<math><mtext><table><mglyph><style><img src=x onerror=alert(18) data-xss>',
  autofocus: '<input autofocus onfocus=alert(19) data-xss>',
  comment: '--><!--<img src=x onerror=alert(20) data-xss>',
  rtlOverride: '\u202e<img src=x onerror=alert(21) data-xss>\u202c',
  nulEntity: '&#0;<img src=x onerror=alert(22) data-xss>&#x0;',
  /** i18next's nesting syntax: a value must never be read as a key (texts interpolate these values). */
  i18nNesting: '$t(staff:reject) $t(common:menu, {"x":"<img src=x onerror=alert(23) data-xss>"})',
} as const;

/** What the page recorded: elements a payload created, CSP violations, dialogs. */
export interface XssWatch {
  dialogs: string[];
}

declare global {
  interface Window {
    __xss?: unknown;
    __xssReport?: string[];
  }
}

/** Records, in every page of the context, every injected element and CSP violation from the first byte on. */
export async function watchForXss(context: BrowserContext): Promise<XssWatch> {
  const watch: XssWatch = { dialogs: [] };
  await context.addInitScript(() => {
    const report: string[] = [];
    window.__xssReport = report;
    const suspicious = (element: Element) =>
      element.hasAttribute('data-xss') ||
      element.tagName.toLowerCase().startsWith('xss-') ||
      ['IFRAME', 'OBJECT', 'EMBED'].includes(element.tagName) ||
      [...element.attributes].some((attribute) => /^on/i.test(attribute.name));
    const check = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const element of [node, ...node.querySelectorAll('*')])
        if (suspicious(element)) report.push(element.outerHTML.slice(0, 160));
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) mutation.addedNodes.forEach(check);
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('securitypolicyviolation', (event) => {
      report.push(`CSP ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  });
  return watch;
}

/** Nothing ran and nothing was injected on this screen, and it shows `texts` as text. */
export async function expectInert(page: Page, watch: XssWatch, where: string, texts: string[] = []) {
  const state = await page.evaluate(() => ({
    xss: window.__xss ?? null,
    report: window.__xssReport ?? ['no watch installed'],
    present: [...document.querySelectorAll('[data-xss], iframe, object, embed')].map((e) => e.outerHTML),
    text: document.body.textContent ?? '',
  }));
  expect({
    where,
    xss: state.xss,
    report: state.report,
    present: state.present,
    dialogs: watch.dialogs,
  }).toEqual({
    where,
    xss: null,
    report: [],
    present: [],
    dialogs: [],
  });
  for (const text of texts)
    expect(state.text, `${where} shows ${JSON.stringify(text)} as text`).toContain(text);
}

/**
 * A page's source as the server sent it, parsed (not run) by the browser: no element or handler a payload
 * could have made, no executable inline script but the one boot loader; answers the JSON-LD block, parsed.
 */
export async function inspectSource(page: Page, html: string) {
  return page.evaluate((source) => {
    const parsed = new DOMParser().parseFromString(source, 'text/html');
    const injected = [...parsed.querySelectorAll('*')]
      .filter(
        (element) =>
          element.hasAttribute('data-xss') ||
          element.tagName.toLowerCase().startsWith('xss-') ||
          [...element.attributes].some((attribute) => /^on/i.test(attribute.name)),
      )
      .map((element) => element.outerHTML.slice(0, 160));
    const inlineScripts = [...parsed.querySelectorAll('script:not([src])')]
      .filter(
        (script) => !['application/ld+json', 'application/json'].includes(script.getAttribute('type') ?? ''),
      )
      .map((script) => script.textContent ?? '');
    const ld = parsed.querySelector('script[type="application/ld+json"]')?.textContent ?? null;
    const data = parsed.querySelector('script[type="application/json"]')?.textContent ?? null;
    return {
      injected,
      inlineScripts,
      title: parsed.title,
      ld: ld === null ? null : (JSON.parse(ld) as unknown),
      data: data === null ? null : (JSON.parse(data) as unknown),
    };
  }, html);
}
