import { createHash } from 'node:crypto';
import { BOOT_RESPONSES_GLOBAL } from '@tablo/contract/config';

/**
 * A restaurant's page starts its scripts once the hero painted from the HTML is on screen, so the one 20 KB
 * picture the diner sees first does not share a slow connection with 160 KB of scripts; and it starts, at
 * the same moment, everything the app would otherwise ask for only after its scripts have run — the screen's
 * own code, its texts and its restaurant and menu answers — so the menu does not wait a round trip longer
 * (docs/decisions/014-scripts-after-the-hero.md).
 *
 * The built page's module scripts and preloads are moved into a JSON data block; this fixed inline script
 * adds them back when the browser reports the picture painted (its largest-contentful-paint entry), when the
 * picture fails, or after BOOT_SCRIPTS_WAIT_MS at the latest (a background tab, a stalled picture). Browsers
 * without that report start one frame after the picture has loaded.
 */
const BOOT_SCRIPTS_WAIT_MS = 1000;

const ASSETS_ID = 'boot-assets';

/** Module preloads the loader adds in one task; the rest follow in the next tasks. */
export const PRELOADS_PER_TASK = 4;

export interface BootAssets {
  /** Module scripts to run (the entry). */
  modules: string[];
  /** Module scripts to fetch now and run when imported (the entry's chunks, the screen's lazy chunks). */
  preloads: string[];
  /** Stylesheets the screen's lazy chunks will add (as Vite adds them: crossorigin). */
  styles: string[];
  /** Text files (fetch preloads, matched by the app's own fetch of the same address). */
  texts: string[];
  /** API answers (GET) the app will ask for first, fetched as its api client does. */
  answers: string[];
}

// Plain ES5 on purpose: it runs before anything else, in every browser that opens the page. The answers are
// fetched exactly as web/src/lib/api-client.ts fetches them.
export const BOOT_LOADER_SCRIPT = [
  '(function(){',
  'var w=window,d=document,started=false,',
  `assets=JSON.parse(d.getElementById("${ASSETS_ID}").textContent),`,
  'Observer=w.PerformanceObserver,types=(Observer&&Observer.supportedEntryTypes)||[];',
  'function add(tag,props,parent){var el=d.createElement(tag);for(var k in props)el[k]=props[k];',
  '(parent||d.head).appendChild(el);}',
  'function start(){if(started)return;started=true;',
  `var answers=w.${BOOT_RESPONSES_GLOBAL}={};`,
  'assets.answers.forEach(function(path){answers[path]=fetch(path,{credentials:"include",cache:"no-store",',
  'headers:{Accept:"application/json","Content-Type":"application/json"}});',
  'answers[path].catch(function(){});});',
  'assets.texts.forEach(function(href){add("link",{rel:"preload",as:"fetch",crossOrigin:"anonymous",href:href});});',
  'assets.styles.forEach(function(href){add("link",{rel:"preload",as:"style",crossOrigin:"",href:href});});',
  'assets.modules.forEach(function(src){add("script",{type:"module",crossOrigin:"",src:src},d.body);});',
  // Adding a modulepreload costs the main thread 0.4-1 ms (measured): the chunks are added a few per task,
  // after the entry, so the loader never blocks a tap for long (decision record 044).
  'preload(0);}',
  `function preload(from){var next=from+${PRELOADS_PER_TASK};`,
  'assets.preloads.slice(from,next).forEach(function(href){add("link",{rel:"modulepreload",crossOrigin:"",href:href});});',
  'if(next<assets.preloads.length)setTimeout(function(){preload(next);},0);}',
  'function afterFrame(){requestAnimationFrame(function(){setTimeout(start,0);});}',
  // Which hero is laid out is read after the first frame, when the layout is already done: read while the
  // parser runs, it would force the whole page's style and layout into the parser's task (decision 045).
  'function watch(){var hero=null,',
  // The painted hero (013), or the header's picture on a server-rendered page (022), which has one header per
  // width: the one laid out.
  'heroes=d.querySelectorAll("#boot-hero img,img[data-hero-image]");',
  'for(var i=0;i<heroes.length&&!hero;i++)if(heroes[i].getClientRects().length)hero=heroes[i];',
  // No hero, or one that has already failed (a broken image is complete with no size).
  'if(!hero||(hero.complete&&!hero.naturalWidth)){start();return;}',
  'hero.addEventListener("error",start);',
  'if(types.indexOf("largest-contentful-paint")<0){',
  'if(hero.complete)afterFrame();else hero.addEventListener("load",afterFrame);return;}',
  'new Observer(function(list,observer){list.getEntries().forEach(function(entry){',
  // With a srcset the painted file is the one the browser chose (currentSrc), not src.
  'if(entry.element===hero||entry.url===(hero.currentSrc||hero.src)){observer.disconnect();start();}});})',
  '.observe({type:"largest-contentful-paint",buffered:true});}',
  // The latest start, also for a background tab, which draws no frames.
  `setTimeout(start,${BOOT_SCRIPTS_WAIT_MS});`,
  'requestAnimationFrame(function(){setTimeout(watch,0);});',
  '})();',
].join('');

/** The CSP source that lets exactly this inline script run (script-src stays 'self' otherwise). */
export const BOOT_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_LOADER_SCRIPT).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

export interface HeroPageTemplate {
  /** The built page without its module scripts and module preloads. */
  html: string;
  modules: string[];
  preloads: string[];
}

/** Takes the built page's module scripts and module preloads out, for the loader to start. */
export function heroPageTemplate(html: string): HeroPageTemplate {
  const modules = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? '');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''), modules, preloads };
}

/** The data block and the loader, for the end of the body. `<` is escaped so no address can end the block. */
export function bootLoaderTags(assets: BootAssets): string {
  const data = JSON.stringify(assets).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${ASSETS_ID}">${data}</script><script>${BOOT_LOADER_SCRIPT}</script>`;
}
