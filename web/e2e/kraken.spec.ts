// Two people in two browser contexts and two bots play a whole Kraken round by
// clicking; the round summary, the game over dialog and the live region follow.

import { createTable, deal, expect, playUntilOver, test } from './fixtures';

test('two people and two bots play a whole Kraken round by clicking', async ({ player }) => {
  const alice = await player('Alice');
  const { tableUrl } = await createTable(alice.page, {
    game: 'kraken',
    seats: ['random', 'person', 'heuristic'],
    rules: { rounds: 1 },
  });
  // the invite is in the fragment, which the browser never sends to the server
  expect(tableUrl).toMatch(/\/tables\/[^/?#]+#invite=[^&]+$/);

  const bob = await player('Bob');
  await bob.page.goto(tableUrl);
  await bob.page.getByTestId('take-seat-2').click();
  await expect(bob.page.locator('.seat-list li[data-seat="2"]')).toContainText('Bob');
  await expect(alice.page.locator('.seat-list li[data-seat="2"]')).toContainText('Bob');

  await deal(alice.page);
  await expect(bob.page.getByTestId('felt')).toBeVisible();
  // the four seats around the table, each of us at the bottom
  for (const page of [alice.page, bob.page]) {
    await expect(page.locator('.felt .seat')).toHaveCount(4);
    await expect(page.locator('.hand .hand-card')).toHaveCount(8);
  }
  await expect(alice.page.locator('.seat.me')).toHaveAttribute('data-seat', '0');
  await expect(bob.page.locator('.seat.me')).toHaveAttribute('data-seat', '2');
  await expect(alice.page.locator('.seat[data-seat="1"]')).toContainText('bot');

  // table chat reaches the other person
  await alice.page.getByPlaceholder('Say something…').fill('good luck, partner');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  await expect(bob.page.locator('.chat-lines')).toContainText('Alice: good luck, partner');

  const [aliceMoves, bobMoves] = await Promise.all([
    playUntilOver(alice.page, { prefer: ['pass'] }),
    playUntilOver(bob.page, { prefer: ['pass'] }),
  ]);
  expect(aliceMoves).toBeGreaterThanOrEqual(8);
  expect(bobMoves).toBeGreaterThanOrEqual(8);
  for (const page of [alice.page, bob.page]) {
    const over = page.getByTestId('game-over');
    await expect(over).toContainText(/won|draw/);
    await expect(page.locator('.hand .hand-card')).toHaveCount(0);
    await expect(page.getByTestId('live')).not.toBeEmpty();
  }
  // the host can offer a rematch, the other player waits for it
  await expect(alice.page.getByTestId('game-over').getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expect(bob.page.getByTestId('game-over')).toContainText('Waiting for the host');

  // a rematch deals a new game at the same seats, for both
  await alice.page.getByTestId('game-over').getByRole('button', { name: 'Rematch' }).click();
  for (const page of [alice.page, bob.page]) {
    await expect(page.getByTestId('game-over')).toHaveCount(0);
    await expect(page.locator('.hand .hand-card')).toHaveCount(8);
  }
});
