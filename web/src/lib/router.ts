// A small router over the history API: the path is a signal, links navigate without
// reloading, and the server answers every client path with the app.

import { signal } from '@preact/signals';

export interface Location {
  path: string;
  query: URLSearchParams;
}

function current(): Location {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search) };
}

export const location = signal<Location>(
  typeof window === 'undefined' ? { path: '/', query: new URLSearchParams() } : current(),
);

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  location.value = current();
  window.scrollTo?.(0, 0);
}

export function startRouter(): void {
  window.addEventListener('popstate', () => {
    location.value = current();
  });
  // plain <a href="/..."> links inside the app navigate in place
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
}

export type Route =
  | { name: 'lobby' }
  | { name: 'table'; id: string; invite: string | null }
  | { name: 'replay'; id: string }
  | { name: 'player'; id: string }
  | { name: 'leaderboard'; game: string | null }
  | { name: 'settings' }
  | { name: 'rules'; game: string }
  | { name: 'notFound' };

/** The screen for a location. */
export function match(loc: Location): Route {
  const parts = loc.path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'lobby' };
  if (parts[0] === 'tables' && parts.length === 2) return { name: 'table', id: parts[1], invite: loc.query.get('invite') };
  if (parts[0] === 'games' && parts.length === 3 && parts[2] === 'replay') return { name: 'replay', id: parts[1] };
  if (parts[0] === 'players' && parts.length === 2) return { name: 'player', id: parts[1] };
  if (parts[0] === 'leaderboard' && parts.length === 1) return { name: 'leaderboard', game: loc.query.get('game') };
  if (parts[0] === 'settings' && parts.length === 1) return { name: 'settings' };
  if (parts[0] === 'rules') return { name: 'rules', game: parts[1] === 'gurka' ? 'gurka' : 'kraken' };
  return { name: 'notFound' };
}
