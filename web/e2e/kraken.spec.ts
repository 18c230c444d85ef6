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
  // "What happened" tells this game
  for (const page of [alice.page, bob.page]) await expect(page.locator('.log li').first()).toHaveText('The game is over.');

  // any seated player proposes a rematch (Bob here, not the host); the other accepts
  await bob.page.getByTestId('rematch-yes').click();
  await expect(bob.page.getByTestId('rematch')).toContainText('Waiting for the other players');
  await expect(alice.page.getByTestId('rematch')).toContainText('Bob would like a rematch.');
  await alice.page.getByTestId('rematch-yes').click();
  // a new game at the same seats, for both, and "What happened" tells only the new game
  for (const page of [alice.page, bob.page]) {
    await expect(page.getByTestId('game-over')).toHaveCount(0);
    await expect(page.locator('.hand .hand-card')).toHaveCount(8);
    await expect(page.locator('.log')).not.toContainText('The game is over.');
    await expect(page.locator('.log')).not.toContainText('takes the trick');
  }
});
