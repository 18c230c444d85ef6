// A card the rules do not allow now is refused in the UI: nothing is sent, the hand
// and the version stay, and the refusal names the playable cards.

import { createTable, deal, expect, tableVersion, test } from './fixtures';

test('an illegal card is refused in the UI', async ({ player }) => {
  const alice = await player('Alice');
  await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 3 } });
  await deal(alice.page);
  const page = alice.page;
  const deadline = Date.now() + 90_000;
  for (;;) {
    expect(Date.now() < deadline, 'a position with a card that may not be played').toBe(true);
    const summary = page.getByTestId('round-summary');
    if (await summary.isVisible()) {
      await summary.locator('button.primary').click();
      continue;
    }
    const choice = page.getByTestId('choice');
    if (await choice.isVisible()) {
      const pass = choice.locator('button[data-action=pass]');
      await ((await pass.count()) ? pass : choice.locator('button').first()).click();
      await page.waitForTimeout(100);
      continue;
    }
    const dimmed = page.locator('.hand-active .hand-card[data-legal=false]');
    if (await dimmed.count()) {
      const version = await tableVersion(page);
      const card = await dimmed.first().getAttribute('data-card');
      const before = await page.locator('.hand .hand-card').count();
      await expect(dimmed.first()).toHaveAttribute('aria-disabled', 'true');
      // aria-disabled, yet a person can still click it (Playwright would wait for it
      // to become enabled without force)
      await dimmed.first().click({ force: true });
      await expect(page.getByTestId('notice')).toContainText('cannot be played now');
      await expect(page.getByTestId('notice')).toContainText('Playable:');
      await page.waitForTimeout(400);
      expect(await tableVersion(page)).toBe(version);
      await expect(page.locator('.hand .hand-card')).toHaveCount(before);
      await expect(page.locator(`.hand .hand-card[data-card="${card}"]`)).toHaveCount(1);
      // the keyboard is refused the same way: focus the card, press Enter
      await dimmed.first().focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('notice')).toContainText('cannot be played now');
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
      return;
    }
    const legal = page.locator('.hand-active .hand-card[data-legal=true]');
    if (await legal.count()) {
      await legal.first().click();
      await page.waitForTimeout(100);
      continue;
    }
    await page.waitForTimeout(50);
  }
});

test('a card played out of turn is refused in the UI', async ({ player }) => {
  const alice = await player('Alice');
  await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await alice.page.getByTestId('deal').click();
  // wait until another seat is to move, then click a card
  const page = alice.page;
  await expect(page.locator('.hand .hand-card').first()).toBeVisible();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mine = await page.locator('.seat.me.to-move').count();
    if (!mine && !(await page.getByTestId('game-over').isVisible())) {
      const version = await tableVersion(page);
      await page.locator('.hand .hand-card').first().click();
      const notice = page.getByTestId('notice');
      if (await notice.isVisible()) {
        const text = (await notice.textContent()) ?? '';
        if (text.includes('not your turn')) {
          expect(await tableVersion(page)).toBeGreaterThanOrEqual(version);
          return;
        }
      }
    }
    const choice = page.getByTestId('choice');
    if (await choice.isVisible()) await choice.locator('button').first().click();
    else {
      const legal = page.locator('.hand-active .hand-card[data-legal=true]');
      if (await legal.count()) await legal.first().click();
    }
    await page.waitForTimeout(30);
  }
  throw new Error('never saw another seat to move');
});
