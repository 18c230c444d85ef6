// A small router over the history API: the path is a signal, links navigate without
// reloading, and the server answers every client path with the app.
//
// A table's invite travels in the fragment (`/tables/{id}#invite=...`), which the
// browser never sends to the server: no access log or proxy sees it. An old link
// with `?invite=` still works, but the address bar is rewritten at once to the
// fragment form so that the invite does not stay in the query (or the history).

import { signal } from '@preact/signals';

export interface Location {
  path: string;
  query: URLSearchParams;
  /** The fragment's parameters (`#invite=...`). */
  fragment: URLSearchParams;
}

/** The parameters of a fragment (`#a=1&b=2`, with or without the `#`). */
export function fragmentParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** The address of a table, with its invite in the fragment. */
export function tableHref(tableId: string, invite?: string | null): string {
  return withInvite(`/tables/${encodeURIComponent(tableId)}`, invite);
}

/** `href` with the invite in the fragment (nothing added without one). */
export function withInvite(href: string, invite?: string | null): string {
  return invite ? `${href}#${new URLSearchParams({ invite })}` : href;
}

/**
 * Where a pasted invite link leads: its table's address with the invite in the
 * fragment, from either form (`#invite=` or the old `?invite=`); null when the text
 * is no table link.
 */
export function pastedTableHref(text: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length !== 2 || parts[0] !== 'tables') return null;
  const invite = fragmentParams(url.hash).get('invite') || url.searchParams.get('invite');
  return withInvite(`/tables/${parts[1]}`, invite);
}

/**
 * The fragment form of an address that carries `invite` in its query (path, query
 * without the invite, the invite in the fragment), or null when there is none.
 */
export function inviteRewrite(path: string, search: string, hash: string): string | null {
  const query = new URLSearchParams(search);
  const invite = query.get('invite');
  if (invite === null) return null;
  query.delete('invite');
  // a fragment of parameters keeps them; a plain anchor (#main) gives way
  const fragment = hash.includes('=') ? fragmentParams(hash) : new URLSearchParams();
  fragment.set('invite', invite);
  const rest = query.toString();
  return `${path}${rest ? `?${rest}` : ''}#${fragment}`;
}

/** Move an `?invite=` of the address bar to the fragment, replacing the history entry. */
function moveInviteToFragment(): void {
  const { pathname, search, hash } = window.location;
  const rewritten = inviteRewrite(pathname, search, hash);
  if (rewritten !== null) history.replaceState(history.state, '', rewritten);
}

function current(): Location {
  moveInviteToFragment();
  return {
    path: window.location.pathname,
    query: new URLSearchParams(window.location.search),
    fragment: fragmentParams(window.location.hash),
  };
}

export const location = signal<Location>(
  typeof window === 'undefined' ? { path: '/', query: new URLSearchParams(), fragment: new URLSearchParams() } : current(),
);

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  location.value = current();
  window.scrollTo?.(0, 0);
}

export function startRouter(): void {
  location.value = current();
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
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash && !url.hash.includes('=')) {
      // a link to a place on this page (the skip link): go there without touching the
      // address, whose fragment may hold the invite
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
        target.scrollIntoView?.();
      }
      return;
    }
    navigate(url.pathname + url.search + url.hash);
  });
}

export type Route =
  | { name: 'lobby' }
  | { name: 'table'; id: string; invite: string | null }
  | { name: 'replay'; id: string; invite: string | null }
  | { name: 'player'; id: string }
  | { name: 'leaderboard'; game: string | null }
  | { name: 'settings' }
  | { name: 'account' }
  | { name: 'rules'; game: string }
  | { name: 'sheet'; id: string | null; shared: string | null }
  | { name: 'notFound' };

/** The screen for a location. */
export function match(loc: Location): Route {
  const parts = loc.path.split('/').filter(Boolean).map(decodeURIComponent);
  const invite = loc.fragment.get('invite') || loc.query.get('invite') || null;
  if (parts.length === 0) return { name: 'lobby' };
  if (parts[0] === 'tables' && parts.length === 2) return { name: 'table', id: parts[1], invite };
  if (parts[0] === 'games' && parts.length === 3 && parts[2] === 'replay') return { name: 'replay', id: parts[1], invite };
  if (parts[0] === 'players' && parts.length === 2) return { name: 'player', id: parts[1] };
  if (parts[0] === 'leaderboard' && parts.length === 1) return { name: 'leaderboard', game: loc.query.get('game') };
  if (parts[0] === 'settings' && parts.length === 1) return { name: 'settings' };
  if (parts[0] === 'sheet' && parts.length <= 2) return { name: 'sheet', id: parts[1] ?? null, shared: loc.fragment.get('shared') };
  if (parts[0] === 'account' && parts.length === 1) return { name: 'account' };
  if (parts[0] === 'rules') return { name: 'rules', game: parts[1] === 'gurka' ? 'gurka' : 'kraken' };
  return { name: 'notFound' };
}
