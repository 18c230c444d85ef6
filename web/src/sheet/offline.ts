// Registers the service worker (public/sw.js, served at /sw.js) that keeps the app
// shell for the score sheet, so that the sheet works when the connection drops after
// the first load. Registration happens from the app's bundle: no inline script.

/** Register the offline worker once; quietly nothing where the browser has none. */
export function registerOfflineWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    /* no offline copy: the sheet still works while online */
  });
}
