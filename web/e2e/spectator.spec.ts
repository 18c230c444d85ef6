// Someone with the invite link who has no seat watches: the table without a hand,
// the cards as they are played; without the link a private table stays closed.

import { createTable, deal, expect, tableVersion, test, tryClick } from './fixtures';

test('a spectator watches by the invite link; a private table needs it', async ({ player, errors }) => {
  const alice = await player('Alice');
  const form = alice.page.getByTestId('create-form');
  await form.getByLabel('List the table in the lobby').uncheck();
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(alice.page);

  const carol = await player('Carol');
  await carol.page.goto(tableUrl);
  await expect(carol.page.getByTestId('felt')).toBeVisible();
  await expect(carol.page.getByTestId('status-line')).toHaveText('You are watching this table.');
  await expect(carol.page.locator('.hand')).toHaveCount(0);
  await expect(carol.page.locator('.felt .seat')).toHaveCount(4);

  // Alice plays on; Carol sees the events (at least four actions after she came in:
  // who moves first depends on the deal, so a fixed version number is no measure)
  const start = await tableVersion(carol.page);
  const events = carol.page.locator('.log li');
  const chosen = alice.page.getByTestId('trump').locator('.suit-badge');
  const deadline = Date.now() + 30_000;
  while ((await tableVersion(carol.page)) < start + 4 || (await events.count()) === 0 || !(await chosen.count())) {
    expect(Date.now() < deadline).toBe(true);
    const choice = alice.page.getByTestId('choice');
    if (await choice.isVisible()) await tryClick(choice.locator('button').first());
    const legal = alice.page.locator('.hand-active .hand-card[data-legal=true]');
    if (await legal.count()) await tryClick(legal.first());
    await alice.page.waitForTimeout(60);
  }
  await expect(events.first()).toContainText(/plays|passes|chooses|takes|says|declares/);
  // the contract is public: Carol sees the trump, the declarer and the multiplier too
  await expect(carol.page.getByTestId('trump')).toHaveText((await alice.page.getByTestId('trump').textContent()) ?? '');
  await expect(carol.page.getByTestId('info-bar')).toContainText(/Declarer/);

  // without the invite the private table stays closed (the server does not even say
  // that it exists)
  const dave = await player('Dave');
  await dave.page.goto(tableUrl.replace(/#invite=.*/, ''));
  await expect(dave.page.getByRole('alert')).toHaveText('There is no such table, or it is private: open it with its invite link.');
  // the refused socket is logged by the browser; only that line is expected
  const unexpected = errors.filter((e) => !/WebSocket connection to .* failed|403/.test(e));
  errors.splice(0, errors.length, ...unexpected);
});
