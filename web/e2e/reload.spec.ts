// A reload in the middle of a trick restores the table: the same hand, the same cards
// on the table, the same version; and the game goes on.

import { LEGAL, cardsOnTable, createTable, deal, expect, playUntil, tableVersion, test } from './fixtures';

test('a reload mid-trick restores the table', async ({ player }) => {
  const alice = await player('Alice');
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['random', 'heuristic', 'random'] });
  await deal(alice.page);
  const page = alice.page;
  // play until it is our turn to play a card with cards already on the table
  await playUntil(page, async () => (await page.locator(LEGAL).count()) > 0 && (await cardsOnTable(page)) > 0, {
    prefer: ['pass'],
    limit: 60_000,
    what: 'our turn in the middle of a trick',
  });
  const cardsOf = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
  const hand = await cardsOf('.hand .hand-card');
  const trick = await cardsOf('[data-testid=trick] .trick-card');
  const version = await tableVersion(page);
  const trump = await page.getByTestId('trump').textContent();
  const happened = await page.locator('.log li').count();
  expect(happened).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId('felt')).toBeVisible();
  await expect(page.locator('.hand-active .hand-card[data-legal=true]').first()).toBeVisible();
  expect(await cardsOf('.hand .hand-card')).toEqual(hand);
  expect(await cardsOf('[data-testid=trick] .trick-card')).toEqual(trick);
  expect(await tableVersion(page)).toBe(version);
  await expect(page.getByTestId('trump')).toHaveText(trump ?? '');
  // "What happened" still tells the round so far
  await expect(page.locator('.log li').first()).toBeVisible();
  await expect(page.locator('.seat.me')).toHaveClass(/to-move/);

  // a second tab of the same player by the invite link shows the same table too
  const second = await alice.context.newPage();
  await second.goto(tableUrl);
  await expect(second.locator('.hand .hand-card')).toHaveCount(hand.length);
  await second.close();

  // and the game goes on: once the hand is active again (online, nothing in flight:
  // the second tab's socket may have made the first reconnect, and a key pressed
  // while offline is ignored, never queued), the number key of a legal card plays it
  await expect(page.locator('.hand-active .hand-card[data-legal=true]').first()).toBeVisible();
  const index = await page.locator('.hand .hand-card').evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-legal') === 'true'));
  await page.locator('body').press(String(index + 1));
  await expect.poll(() => tableVersion(page)).toBeGreaterThan(version);
  await expect(page.locator('.hand .hand-card')).toHaveCount(hand.length - 1);
});
