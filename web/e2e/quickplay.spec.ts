// Quick play: two strangers press "Play now" for the same game; they are seated at
// one table, the bots taking the two seats left once the shorter wait is over, and
// both pages follow them to it; the home page says who is online and looking.

import { axeViolations, expect, test } from './fixtures';

test('two strangers meet through quick play', async ({ player }) => {
  const alice = await player('Alice');
  const bob = await player('Bob');
  const quick = (page: typeof alice.page) => page.getByTestId('quick-play');

  await quick(alice.page).getByTestId('quick-game').selectOption('kraken');
  await quick(alice.page).getByTestId('quick-wait').selectOption('60');
  await quick(alice.page).getByTestId('play-now').click();
  await expect(quick(alice.page).getByTestId('seeking')).toBeVisible();
  expect(await axeViolations(alice.page)).toEqual([]);

  await expect(quick(bob.page).getByTestId('online')).toContainText('1 looking for a game', { timeout: 15_000 });
  await quick(bob.page).getByTestId('quick-game').selectOption('kraken');
  await quick(bob.page).getByTestId('quick-wait').selectOption('5');
  await quick(bob.page).getByTestId('play-now').click();

  // Bob's five seconds run out: both are seated together, bots in the other seats
  for (const page of [alice.page, bob.page]) {
    await expect(page.getByTestId('felt')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.felt .seat')).toHaveCount(4);
  }
  expect(new URL(alice.page.url()).pathname).toBe(new URL(bob.page.url()).pathname);
  const names = await alice.page.locator('.felt .seat').allTextContents();
  expect(names.join(' ')).toContain('Alice');
  expect(names.join(' ')).toContain('Bob');
  await expect(alice.page.locator('.hand')).toHaveCount(1);
});
