// A whole Gurka game at five seats: one person and four bots, buy-backs declined.

import { createTable, deal, expect, playUntilOver, test } from './fixtures';

test('a Gurka game with five seats is played to the end by clicking', async ({ player }) => {
  const alice = await player('Alice');
  await createTable(alice.page, {
    game: 'gurka',
    players: 5,
    seats: ['random', 'heuristic', 'random', 'heuristic'],
    rules: { eliminate_at: 12 },
  });
  await deal(alice.page);
  const page = alice.page;
  await expect(page.locator('.felt .seat')).toHaveCount(5);
  await expect(page.locator('.hand .hand-card')).toHaveCount(6);
  await expect(page.getByTestId('info-bar')).toContainText('Pot');
  await expect(page.getByTestId('info-bar')).toContainText('Out at 12');
  const moves = await playUntilOver(page, { prefer: ['pass'], limit: 150_000 });
  expect(moves).toBeGreaterThan(0);
  const over = page.getByTestId('game-over');
  await expect(over).toContainText('Winner:');
  await expect(over.locator('tbody tr')).toHaveCount(5);
});
