// The screens around the table: settings (four-colour suits), rules, leaderboard,
// the player page, and the replay of a finished game.

import { createTable, deal, expect, playUntilOver, test } from './fixtures';

test('settings, rules, leaderboard, player page and replay', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;

  await page.goto('/settings');
  await page.getByLabel('Four-colour suits').check();
  await expect(page.locator('html')).toHaveClass(/four-colour/);
  const diamond = await page.locator('.preview .suit-D').first().evaluate((el) => getComputedStyle(el).color);
  expect(diamond).toBe('rgb(21, 101, 192)');
  await page.getByLabel('Animations').uncheck();
  await expect(page.locator('html')).toHaveClass(/no-motion/);

  await page.goto('/rules/kraken');
  // seven paragraphs of the game, and the eighth on agreed partner signals
  await expect(page.getByTestId('rules').locator('p')).toHaveCount(8);
  await expect(page.getByTestId('rules').locator('p').last()).toContainText('signal');

  // a one-round game to have something to show
  await page.goto('/');
  await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(page);
  await playUntilOver(page, { prefer: ['pass'] });
  const replayLink = page.getByTestId('game-over').getByRole('link', { name: 'Watch the replay' });
  const href = await replayLink.getAttribute('href');
  // the table was opened with its invite: the replay gets it too, in the fragment
  expect(href).toMatch(/^\/games\/[^/?#]+\/replay#invite=[^&]+$/);
  await replayLink.click();
  await expect(page).toHaveURL(href ?? '');
  const replay = page.getByTestId('replay');
  await expect(replay.locator('.seat')).toHaveCount(4);
  await expect(replay.locator('.seat').first().locator('.mini-card')).toHaveCount(8);
  await page.getByTestId('replay-next').click();
  await expect(page.getByTestId('replay-said')).not.toHaveText('The deal.');
  await page.getByLabel('Last').click();
  await expect(replay.locator('.mini-hand .mini-card')).toHaveCount(0);
  // the record, fetched with the invite in a header and saved
  const download = page.waitForEvent('download');
  await replay.getByRole('link', { name: 'JSON' }).click();
  expect((await download).suggestedFilename()).toMatch(/^cardtable-kraken-.+\.json$/);

  await page.getByRole('link', { name: 'My page' }).click();
  await expect(page.getByTestId('player-page')).toContainText('Alice');
  await expect(page.getByTestId('player-page')).toContainText('Kraken');
  // a rating is one number (the ordinal); its μ and σ are in the tooltip
  const rating = page.getByTestId('player-page').locator('.stats dd').first();
  await expect(rating).toHaveText(/^-?\d+(\.\d+)?$/);
  await expect(rating).toHaveAttribute('title', /^μ -?[\d.]+, σ [\d.]+$/);

  await page.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByTestId('leaderboard')).toBeVisible();
  await expect(page.getByTestId('leaderboard').locator('table, .muted').first()).toBeVisible();
});

test('a table with a turn timer shows the time left', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;
  const form = page.getByTestId('create-form');
  await form.locator('#turn-timer').fill('60');
  await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(page);
  const timer = page.locator('.seat.to-move .timer');
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(/\d+ s/);
});

test('a phone-sized screen shows the whole table', async ({ player }) => {
  const alice = await player('Alice', { viewport: { width: 390, height: 844 } });
  const page = alice.page;
  await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(page);
  await expect(page.locator('.hand .hand-card')).toHaveCount(8);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  for (const card of await page.locator('.hand .hand-card').all()) {
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(391);
  }
});
