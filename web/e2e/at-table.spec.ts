// At the table: while the connection is down the hand is disabled and says why; a
// move is sent once however often one clicks; the server's refusals are said in the
// player's language with the seat as the table names it, and go away; bots have one
// name everywhere; a whole round plays on a phone with no sideways scrolling, in
// Arabic; the replay's controls are drawn icons and its seats show the players.

import type { Page, WebSocketRoute } from '@playwright/test';
import { LEGAL, createTable, deal, expect, playUntil, tableVersion, test } from './fixtures';

/** Route the page's table sockets through the test, which can cut them (and refuse new ones). */
async function cuttableSockets(page: Page) {
  const live: WebSocketRoute[] = [];
  let online = true;
  await page.routeWebSocket(/\/ws\/tables\//, (ws) => {
    if (!online) {
      ws.close({ code: 4000, reason: 'offline' });
      return;
    }
    ws.connectToServer();
    live.push(ws);
  });
  return {
    /** Cut every socket and refuse new ones until `reconnect`. */
    cut: async () => {
      online = false;
      for (const ws of live.splice(0)) await ws.close({ code: 4000, reason: 'offline' });
    },
    reconnect: () => {
      online = true;
    },
    /** Send a message to the page as if the server had. */
    inject: (message: object) => live[live.length - 1].send(JSON.stringify(message)),
  };
}

test('offline the hand says why; a move goes once; refusals are translated and go away', async ({ player }) => {
  const anne = await player('Anne', { language: 'nl' });
  const page = anne.page;
  const sockets = await cuttableSockets(page);
  await createTable(page, { game: 'kraken', seats: ['random', 'heuristic', 'random'], rules: { rounds: 1 } });
  // bots are named by their level, the same in the waiting room and at the table
  await expect(page.locator('.seat-list li[data-seat="1"]')).toContainText('Bot · Beginner (willekeurig)');
  await expect(page.locator('.seat-list li[data-seat="2"]')).toContainText('Bot · Gezellig');
  await deal(page);
  await expect(page.locator('.felt .seat[data-seat="2"] .seat-name')).toHaveText(/Bot · Gezellig/);
  await expect(page.locator('.felt .seat[data-seat="1"] .seat-name')).toContainText('Bot · Beginner (willekeurig)');
  await playUntil(page, async () => (await page.locator(LEGAL).count()) > 0, { prefer: ['pass'], what: 'our card to play' });

  // the connection drops: the hand is disabled and says why, and a click sends nothing
  const cards = await page.locator('.hand .hand-card').count();
  const version = await tableVersion(page);
  await sockets.cut();
  await expect(page.getByTestId('connection')).toBeVisible();
  await expect(page.getByTestId('hand-status')).toHaveText(/Geen verbinding/);
  await expect(page.locator('.hand .hand-card').first()).toBeDisabled();
  await page.locator('.hand .hand-card').first().click({ force: true });
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // back online: the table is as it was, and three quick clicks make one move
  sockets.reconnect();
  await expect(page.getByTestId('connection')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(LEGAL).first()).toBeVisible();
  expect(await tableVersion(page)).toBe(version);
  await expect(page.locator('.hand .hand-card')).toHaveCount(cards);
  await page.evaluate((selector) => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(selector)) button.click();
  }, LEGAL);
  await expect(page.locator('.hand .hand-card')).toHaveCount(cards - 1);
  await expect.poll(() => tableVersion(page)).toBeGreaterThan(version);
  await page.waitForTimeout(500); // long enough for a second move to come back refused
  await expect(page.locator('.hand .hand-card')).toHaveCount(cards - 1);
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // a refusal of the server (its seats count from 0) is said in Dutch, naming the seat
  // as the table does, and goes away by itself
  sockets.inject({ v: 1, type: 'error', code: 'not_your_turn', message: "it is seat 2's turn", details: { seat: 2 } });
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveText('Je bent niet aan de beurt: Bot · Gezellig is aan zet.');
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
});

test('a whole round on a phone in Arabic, with no sideways scrolling; then its replay', async ({ player }) => {
  const amal = await player('أمل', { language: 'ar', viewport: { width: 390, height: 844 } });
  const page = amal.page;
  await createTable(page, { game: 'kraken', seats: ['random', 'heuristic', 'random'], rules: { rounds: 1 } });
  await deal(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  let checks = 0;
  await playUntil(
    page,
    async () => {
      expect(await overflow(), 'the page scrolls sideways').toBeLessThanOrEqual(0);
      checks += 1;
      return page.getByTestId('game-over').isVisible();
    },
    { prefer: ['pass'], what: 'the end of the round' },
  );
  expect(checks).toBeGreaterThan(8);
  // every card of the hand was within the screen while playing
  expect(await overflow()).toBeLessThanOrEqual(0);

  // the replay: drawn controls (no glyph a font may lack), Play and Next look different,
  // and the seats show who played them
  await page.getByTestId('game-over').locator('a.button').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  const controls = page.locator('.replay-controls button');
  await expect(controls).toHaveCount(7);
  for (const text of await controls.allTextContents()) expect(text.trim()).toBe('');
  await expect(controls.locator('svg')).toHaveCount(7);
  const play = await page.getByTestId('replay-play').locator('svg').getAttribute('data-icon');
  const next = await page.getByTestId('replay-next').locator('svg').getAttribute('data-icon');
  expect(play).toBe('play');
  expect(next).toBe('next');
  expect(await page.getByTestId('replay-play').locator('path').getAttribute('d')).not.toBe(
    await page.getByTestId('replay-next').locator('path').getAttribute('d'),
  );
  await expect(page.getByTestId('replay-seat-0')).toHaveText('أمل');
  await expect(page.getByTestId('replay-seat-2')).toHaveText('روبوت · هادئ');
  await page.getByTestId('replay-next').click();
  await expect(page.getByTestId('replay-step')).toContainText('1');
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('a whole round on a phone in English: the hand and the felt fit', async ({ player }) => {
  const ann = await player('Ann', { viewport: { width: 390, height: 844 } });
  const page = ann.page;
  await createTable(page, { game: 'gurka', players: 4, seats: ['random', 'random', 'random'] });
  await deal(page);
  await playUntil(
    page,
    async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      return (await page.getByTestId('round-summary').isVisible()) || (await page.getByTestId('game-over').isVisible());
    },
    { prefer: ['pass'], what: 'the end of a Gurka round' },
  );
});
