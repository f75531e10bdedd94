/**
 * Registers the offline service worker once the page has loaded and settled (decision record 025): never on
 * the way to the first paint, never in the staff console (its screens must be live). On the first visit the
 * page was loaded without the worker, so it is told what the page loaded, to keep it for the next visit.
 */
export function registerServiceWorker(): void {
  // The dev server has no /sw.js; the worker is part of the production build only.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || location.pathname.startsWith('/staff'))
    return;
  const container = navigator.serviceWorker;
  const firstVisit = !container.controller;
  const register = () =>
    container
      .register('/sw.js')
      .then(() => container.ready)
      .then((registration) => {
        if (!firstVisit) return;
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'tablo:warm', page: location.href, urls });
      })
      .catch(() => undefined);
  const later = () => setTimeout(register, 1000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
