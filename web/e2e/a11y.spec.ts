// Automated accessibility checks (axe-core, WCAG 2 A and AA) of the lobby, the table
// in play, a choice, and the Arabic table.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LEGAL, createTable, deal, expect, playUntil, playUntilOver, test } from './fixtures';

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // a card button's visible text is the index drawn in its (aria-hidden) SVG, "10"
    // twice; its name is the card said in full in the player's language ("2: ten of
    // hearts"), which is what a screen reader should read
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

// axe reads colours as they are painted: a dialog fading in has too little contrast
// for a moment, so the checks run with the player's "reduce motion" setting
async function reduceMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

test('the lobby, the table and a choice pass axe', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;
  await reduceMotion(page);
  expect(await violations(page)).toEqual([]);
  // Utrecht trump choice: the player left of the dealer must name trump, and the deal
  // passes left each round, so within four rounds Alice surely has a choice to make
  // (with a free choice a deal could give her none, and no dimmed card either)
  await createTable(page, {
    game: 'kraken',
    seats: ['random', 'random', 'random'],
    rules: { rounds: 4, trump_choice: 'utrecht' },
  });
  expect(await violations(page)).toEqual([]);
  await deal(page);
  let sawCard = false;
  const choice = page.getByTestId('choice');
  await playUntil(
    page,
    async () => {
      if (!sawCard && (await page.locator('.hand-active .hand-card.dimmed').count()) && (await page.locator(LEGAL).count())) {
        expect(await violations(page)).toEqual([]);
        sawCard = true;
      }
      return choice.isVisible();
    },
    { limit: 120_000, what: "Alice's trump choice" },
  );
  expect(await violations(page)).toEqual([]);
  // a round summary and the game over dialog
  await playUntil(page, () => page.getByTestId('round-summary').isVisible(), { limit: 60_000 });
  await expect(page.getByTestId('round-summary').locator('[data-testid=analysis], [data-testid=analysis-unavailable]')).toBeVisible({
    timeout: 30_000,
  });
  expect(await violations(page)).toEqual([]);
  await playUntilOver(page, { limit: 120_000 });
  expect(await violations(page)).toEqual([]);
});

test('the Arabic table and the pages pass axe', async ({ player }) => {
  const amal = await player('أمل', { language: 'ar' });
  const page = amal.page;
  await reduceMotion(page);
  await createTable(page, { game: 'gurka', players: 4, seats: ['random', 'random', 'random'] });
  await deal(page);
  expect(await violations(page)).toEqual([]);
  for (const path of ['/settings', '/rules/gurka', '/leaderboard']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});
