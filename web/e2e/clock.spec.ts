// The game clock, in Dutch: the create-table form offers it (and passes axe), each
// person's seat shows its time left (the bots' have none), and a player whose few
// seconds run out loses on time: the result says so.

import { axeViolations, createTable, deal, expect, test } from './fixtures';

test('a table with a game clock: the time runs out and the result says so (nl)', async ({ player }) => {
  const alice = await player('Alice', { language: 'nl' });
  const form = alice.page.getByTestId('create-form');
  await expect(form.locator('label[for="clock-initial"]')).toHaveText('Speelklok: seconden per speler (leeg: geen)');
  await expect(form.locator('#clock-increment')).toBeDisabled();
  await form.locator('#clock-initial').fill('3');
  await expect(form.locator('#clock-increment')).toBeEnabled();
  expect(await axeViolations(alice.page)).toEqual([]);
  await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 }, clock: { initial: 3 } });
  await deal(alice.page);
  const clocks = alice.page.getByTestId('seat-clock');
  await expect(clocks).toHaveCount(1);
  await expect(alice.page.locator('.felt .seat[data-seat="0"] [data-testid="seat-clock"]')).toHaveText(/^0:0[0-3]$/);
  // Alice never moves: her three seconds run out, and her team loses on time
  await expect(alice.page.getByTestId('resigned')).toContainText('had geen tijd meer', { timeout: 20_000 });
  await expect(alice.page.getByTestId('resigned')).toContainText('verliezen op tijd');
});
