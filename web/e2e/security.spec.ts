// Secrets stay out of addresses: the socket authenticates by its first message, an
// invite travels in the fragment (an old `?invite=` link is rewritten at once) and in
// the X-Invite header of reads, so no request the browser makes carries a token or an
// invite in its query. The pages run under the server's strict Content-Security-Policy
// without a violation, and "Log out" ends the session.

import type { Page } from '@playwright/test';
import { createTable, expect, test } from './fixtures';

interface Watched {
  /** Every request URL the page made. */
  requests: string[];
  /** Every socket: its URL and the frames sent on it. */
  sockets: { url: string; sent: string[] }[];
}

function watch(page: Page): Watched {
  const watched: Watched = { requests: [], sockets: [] };
  page.on('request', (request) => watched.requests.push(request.url()));
  page.on('websocket', (ws) => {
    const socket = { url: ws.url(), sent: [] as string[] };
    watched.sockets.push(socket);
    ws.on('framesent', (frame) => socket.sent.push(String(frame.payload)));
  });
  return watched;
}

/** Record the Content-Security-Policy violations of every document of the page. */
async function watchViolations(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);

const sessionToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cardtable.session') ?? 'null') as { token: string } | null)?.token ?? null);

test('no token or invite in an address, the invite in the fragment and a header, under the CSP', async ({ player }) => {
  const alice = await player('Alice');
  await watchViolations(alice.page);
  const aliceSeen = watch(alice.page);
  const form = alice.page.getByTestId('create-form');
  await form.getByLabel('List the table in the lobby').uncheck();
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['person', 'random', 'random'], rules: { rounds: 1 } });
  expect(tableUrl).toMatch(/\/tables\/[^/?#]+#invite=[^&]+$/);
  const invite = new URLSearchParams(new URL(tableUrl).hash.slice(1)).get('invite');
  expect(alice.page.url()).toBe(tableUrl);

  // the page's headers (a reload, to have the document's response)
  const response = await alice.page.reload();
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(alice.page.getByTestId('waiting-room')).toBeVisible();

  // the socket: a bare address, and the auth message first
  await expect.poll(() => aliceSeen.sockets.filter((s) => s.sent.length > 0).length).toBeGreaterThan(0);
  const aliceToken = await sessionToken(alice.page);
  for (const socket of aliceSeen.sockets) {
    expect(socket.url).toMatch(/\/ws\/tables\/[^/?#]+$/);
    if (socket.sent.length) expect(JSON.parse(socket.sent[0])).toEqual({ v: 1, type: 'auth', token: aliceToken, invite });
  }

  // an old link with ?invite= still opens the table, and leaves the address at once
  const bob = await player('Bob');
  await watchViolations(bob.page);
  const bobSeen = watch(bob.page);
  const score = bob.page.waitForRequest((request) => /\/api\/tables\/[^/]+\/score$/.test(request.url()));
  await bob.page.goto(tableUrl.replace('#invite=', '?invite='));
  await expect(bob.page).toHaveURL(tableUrl);
  expect(await bob.page.evaluate(() => window.location.search)).toBe('');
  expect((await score).headers()['x-invite']).toBe(invite);
  await bob.page.getByTestId('take-seat-1').click();
  await expect(alice.page.locator('.seat-list li[data-seat="1"]')).toContainText('Bob');
  const bobToken = await sessionToken(bob.page);
  await expect.poll(() => bobSeen.sockets.length).toBeGreaterThan(1); // reconnected after the join
  for (const socket of bobSeen.sockets) {
    expect(socket.url).toMatch(/\/ws\/tables\/[^/?#]+$/);
    if (socket.sent.length) expect(JSON.parse(socket.sent[0])).toEqual({ v: 1, type: 'auth', token: bobToken, invite });
  }

  // the cards dealt, the table (its seats and hand placed by style properties) shows
  // without a violation of the policy
  await alice.page.getByTestId('deal').click();
  for (const page of [alice.page, bob.page]) await expect(page.locator('.hand .hand-card')).toHaveCount(8);

  // the only invite or token in a request URL was the old link Bob opened
  const leaks = [...aliceSeen.requests, ...bobSeen.requests].filter((url) => /[?&](invite|token)=/.test(url));
  expect(leaks).toEqual([tableUrl.replace('#invite=', '?invite=')]);
  expect(await violations(alice.page)).toEqual([]);
  expect(await violations(bob.page)).toEqual([]);
});

test('log out ends the session and asks for a name again', async ({ player, request }) => {
  const alice = await player('Alice');
  const page = alice.page;
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  await expect(page.locator('header')).toContainText('Playing as Alice');
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.request().method() === 'POST');
  await page.locator('header').getByRole('button', { name: 'Log out' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page.getByTestId('name-form')).toBeVisible();
  await expect(page.locator('header')).not.toContainText('Alice');
  expect(await sessionToken(page)).toBeNull();
  // the server forgot the session: its token and the cookie no longer work
  expect((await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // someone else sits down
  await page.locator('#guest-name').fill('Bea');
  await page.locator('[data-testid=name-form] button[type=submit]').click();
  await expect(page.getByTestId('lobby')).toBeVisible();
  await expect(page.locator('header')).toContainText('Playing as Bea');
});
