// The server dies (kill -9) in the middle of a round and comes back: the page says it
// is reconnecting, reconnects by itself, shows the same table and plays on.

import { createTable, deal, expect, startServer, tableVersion, test, tryClick } from './fixtures';

test('after a server crash the table reconnects by itself and plays on', async ({ player, errors }) => {
  const first = await startServer();
  let running = first;
  try {
    const alice = await player('Alice', { server: first.server });
    const page = alice.page;
    await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'] });
    await deal(page);
    // our turn to play a card: the table waits for us
    const deadline = Date.now() + 30_000;
    while (!(await page.locator('.hand-active .hand-card[data-legal=true]').count())) {
      expect(Date.now() < deadline).toBe(true);
      const choice = page.getByTestId('choice');
      if (await choice.isVisible()) await tryClick(choice.locator('button').first());
      await page.waitForTimeout(60);
    }
    const hand = await page.locator('.hand .hand-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    const version = await tableVersion(page);

    await first.kill();
    await expect(page.getByTestId('connection')).toContainText('reconnecting');
    running = await startServer({ dir: first.dir, port: first.port });

    await expect(page.getByTestId('connection')).toHaveCount(0, { timeout: 30_000 });
    expect(await page.locator('.hand .hand-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual(hand);
    expect(await tableVersion(page)).toBe(version);
    await page.locator('.hand-active .hand-card[data-legal=true]').first().click();
    await expect.poll(() => tableVersion(page)).toBeGreaterThan(version);
    // the page goes before the server: stopped first, the server would leave the page
    // trying to reconnect, and saying so, after the lines below were filtered
    await alice.context.close();
  } finally {
    await running.stop();
  }
  // while the server was down the browser said so about its attempts: those lines,
  // and only those, are expected
  const expected = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws\/tables\/.*' failed|ERR_CONNECTION_REFUSED/;
  const unexpected = errors.filter((e) => !expected.test(e));
  errors.splice(0, errors.length, ...unexpected);
});
