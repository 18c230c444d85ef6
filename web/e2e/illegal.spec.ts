// A card the rules do not allow now is refused: the server's engine says which rule
// it breaks (in the player's words), the hand and the version stay, and the refusal
// names the playable cards.

import { createTable, deal, expect, playUntil, tableVersion, test, tryClick } from './fixtures';

test('an illegal card is refused in the UI', async ({ player }) => {
  const alice = await player('Alice');
  await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 3 } });
  await deal(alice.page);
  const page = alice.page;
  const dimmed = page.locator('.hand-active .hand-card[data-legal=false]');
  await playUntil(page, async () => (await dimmed.count()) > 0, { prefer: ['pass'], limit: 90_000, what: 'a card that may not be played' });
  const version = await tableVersion(page);
  const card = await dimmed.first().getAttribute('data-card');
  const before = await page.locator('.hand .hand-card').count();
  await expect(dimmed.first()).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled, yet a person can still click it (Playwright would wait for it
  // to become enabled without force)
  await dimmed.first().click({ force: true });
  const rule = /does not follow suit|does not head the trick|you must trump|you must overtrump|would undertrump/;
  await expect(page.getByTestId('notice')).toContainText(rule);
  await expect(page.getByTestId('notice')).toContainText('You may play:');
  await page.waitForTimeout(400);
  expect(await tableVersion(page)).toBe(version);
  await expect(page.locator('.hand .hand-card')).toHaveCount(before);
  await expect(page.locator(`.hand .hand-card[data-card="${card}"]`)).toHaveCount(1);
  // the keyboard is refused the same way: focus the card, press Enter
  await dimmed.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notice')).toContainText(rule);
  expect(await tableVersion(page)).toBe(version);
  // a legal card is accepted, by arrow keys and Enter
  const legalIndex = await page
    .locator('.hand .hand-card')
    .evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-legal') === 'true'));
  const focused = await page.locator('.hand .hand-card').evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
  const steps = legalIndex - focused;
  for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.locator('.hand .hand-card')).toHaveCount(before - 1);
});

test('a card played out of turn is refused in the UI', async ({ player }) => {
  // two people, so that the table waits for one while the other tries to play
  const alice = await player('Alice');
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['person', 'random', 'random'], rules: { rounds: 1 } });
  const bob = await player('Bob');
  await bob.page.goto(tableUrl);
  await bob.page.getByTestId('take-seat-1').click();
  await expect(alice.page.locator('.seat-list li[data-seat="1"]')).toContainText('Bob');
  await deal(alice.page);
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(8);
  const deadline = Date.now() + 60_000;
  for (;;) {
    expect(Date.now() < deadline, 'one person to move while the other waits').toBe(true);
    for (const [waiting, moving] of [
      [alice.page, bob.page],
      [bob.page, alice.page],
    ]) {
      const theirTurn = await moving.locator('.seat.me.to-move').count();
      if (theirTurn && !(await waiting.locator('.seat.me.to-move').count())) {
        const version = await tableVersion(waiting);
        const cards = await waiting.locator('.hand .hand-card').count();
        await waiting.locator('.hand .hand-card').first().click();
        await expect(waiting.getByTestId('notice')).toHaveText('It is not your turn.');
        await waiting.waitForTimeout(300);
        expect(await tableVersion(waiting)).toBe(version);
        await expect(waiting.locator('.hand .hand-card')).toHaveCount(cards);
        return;
      }
    }
    for (const page of [alice.page, bob.page]) {
      const choice = page.getByTestId('choice');
      if (await choice.isVisible()) await tryClick(choice.locator('button').first());
    }
    await alice.page.waitForTimeout(50);
  }
});
