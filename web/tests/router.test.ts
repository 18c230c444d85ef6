// The router: the invite is read from the fragment (`/tables/{id}#invite=...`), an old
// `?invite=` link is rewritten at once to the fragment form (history.replaceState),
// the links the client makes use the fragment, and an in-page link keeps it.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fragmentParams, inviteRewrite, match, pastedTableHref, tableHref, withInvite, type Location } from '../src/lib/router';

const at = (href: string): Location => {
  const url = new URL(href, 'https://cards.example');
  return { path: url.pathname, query: url.searchParams, fragment: fragmentParams(url.hash) };
};

describe('routes and invites', () => {
  it('reads the invite of a table from the fragment', () => {
    expect(match(at('/tables/abc#invite=XYZ'))).toEqual({ name: 'table', id: 'abc', invite: 'XYZ' });
    expect(match(at('/tables/abc'))).toEqual({ name: 'table', id: 'abc', invite: null });
    expect(match(at('/tables/abc#main'))).toEqual({ name: 'table', id: 'abc', invite: null });
    expect(match(at('/games/g1/replay#invite=XYZ'))).toEqual({ name: 'replay', id: 'g1', invite: 'XYZ' });
  });

  it('still understands the old query form', () => {
    expect(match(at('/tables/abc?invite=XYZ'))).toEqual({ name: 'table', id: 'abc', invite: 'XYZ' });
  });

  it('makes fragment links', () => {
    expect(tableHref('abc', 'X/Y+Z')).toBe('/tables/abc#invite=X%2FY%2BZ');
    expect(tableHref('abc', null)).toBe('/tables/abc');
    expect(withInvite('/games/g1/replay', 'XYZ')).toBe('/games/g1/replay#invite=XYZ');
    expect(match(at(tableHref('abc', 'X/Y+Z')))).toEqual({ name: 'table', id: 'abc', invite: 'X/Y+Z' });
  });

  it('moves a query invite to the fragment, keeping the rest', () => {
    expect(inviteRewrite('/tables/abc', '?invite=XYZ', '')).toBe('/tables/abc#invite=XYZ');
    expect(inviteRewrite('/tables/abc', '?x=1&invite=XYZ', '#main')).toBe('/tables/abc?x=1#invite=XYZ');
    expect(inviteRewrite('/tables/abc', '?invite=XYZ', '#a=1')).toBe('/tables/abc#a=1&invite=XYZ');
    expect(inviteRewrite('/tables/abc', '', '#invite=XYZ')).toBeNull();
    expect(inviteRewrite('/leaderboard', '?game=gurka', '')).toBeNull();
  });

  it('takes a pasted invite link of either form to the fragment form', () => {
    const base = 'https://cards.example';
    expect(pastedTableHref('https://cards.example/tables/abc#invite=XYZ', base)).toBe('/tables/abc#invite=XYZ');
    expect(pastedTableHref('  https://cards.example/tables/abc?invite=XYZ ', base)).toBe('/tables/abc#invite=XYZ');
    expect(pastedTableHref('/tables/abc', base)).toBe('/tables/abc');
    expect(pastedTableHref('https://cards.example/leaderboard', base)).toBeNull();
    expect(pastedTableHref('http://[not a link', base)).toBeNull();
  });
});

/** A browser just enough for the router: location, history, listeners. */
function fakeBrowser(href: string) {
  let url = new URL(href, 'https://cards.example');
  const calls: [string, string][] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
  const focused: string[] = [];
  const move = (kind: string) => (_state: unknown, _title: string, to: string) => {
    calls.push([kind, to]);
    url = new URL(to, url);
  };
  vi.stubGlobal('history', { state: null, pushState: move('push'), replaceState: move('replace') });
  vi.stubGlobal('window', {
    get location() {
      return { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash };
    },
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[`window.${type}`] = fn),
    scrollTo: () => undefined,
  });
  vi.stubGlobal('document', {
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[`document.${type}`] = fn),
    getElementById: (id: string) => ({
      hasAttribute: () => true,
      focus: () => focused.push(id),
    }),
  });
  return { calls, listeners, focused, href: () => url.pathname + url.search + url.hash };
}

describe('the router in a browser', () => {
  // each test loads the router afresh, in its own fake browser
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('rewrites an old ?invite= address to the fragment form at once, without a new history entry', async () => {
    const browser = fakeBrowser('/tables/abc?invite=XYZ');
    const router = await import('../src/lib/router');
    expect(browser.calls).toEqual([['replace', '/tables/abc#invite=XYZ']]);
    expect(browser.href()).toBe('/tables/abc#invite=XYZ');
    expect(router.match(router.location.value)).toEqual({ name: 'table', id: 'abc', invite: 'XYZ' });
  });

  it('leaves a fragment address alone', async () => {
    const browser = fakeBrowser('/tables/abc#invite=XYZ');
    const router = await import('../src/lib/router');
    router.startRouter();
    expect(browser.calls).toEqual([]);
    expect(router.match(router.location.value)).toEqual({ name: 'table', id: 'abc', invite: 'XYZ' });
  });

  it('rewrites a navigation to an old link too', async () => {
    const browser = fakeBrowser('/');
    const router = await import('../src/lib/router');
    router.navigate('/tables/abc?invite=XYZ');
    expect(browser.calls).toEqual([
      ['push', '/tables/abc?invite=XYZ'],
      ['replace', '/tables/abc#invite=XYZ'],
    ]);
    expect(router.match(router.location.value)).toEqual({ name: 'table', id: 'abc', invite: 'XYZ' });
  });

  it('follows an app link with its fragment, and an in-page link without touching the address', async () => {
    const browser = fakeBrowser('/');
    const router = await import('../src/lib/router');
    router.startRouter();
    const click = (href: string) => {
      const event = {
        defaultPrevented: false,
        button: 0,
        target: { closest: () => ({ href: new URL(href, `https://cards.example${browser.href()}`).href, target: '', hasAttribute: () => false }) },
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      browser.listeners['document.click'](event);
      return event.defaultPrevented;
    };
    expect(click('/games/g1/replay#invite=XYZ')).toBe(true);
    expect(browser.href()).toBe('/games/g1/replay#invite=XYZ');
    const before = browser.calls.length;
    expect(click('#main')).toBe(true);
    expect(browser.calls.length).toBe(before);
    expect(browser.focused).toEqual(['main']);
    expect(router.match(router.location.value)).toEqual({ name: 'replay', id: 'g1', invite: 'XYZ' });
  });
});

describe('the score sheet', () => {
  it('routes the list, a sheet of this browser and a read-only link (its token in the fragment)', () => {
    expect(match(at('/sheet'))).toEqual({ name: 'sheet', id: null, shared: null });
    expect(match(at('/sheet/abc123'))).toEqual({ name: 'sheet', id: 'abc123', shared: null });
    expect(match(at('/sheet#shared=TOKEN'))).toEqual({ name: 'sheet', id: null, shared: 'TOKEN' });
    expect(match(at('/sheet/a/b'))).toEqual({ name: 'notFound' });
  });
});
