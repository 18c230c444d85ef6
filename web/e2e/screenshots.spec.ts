// The pictures of docs/screenshots/web-*.png (README.md, docs/web.md):
// `make screenshots` or `npm run screenshots`. Not part of `make test`.

import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createTable, deal, expect, test, tryClick } from './fixtures';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${OUT}/web-${name}.png`, animations: 'disabled' });
}

/** Play (passing every choice) until our turn to play a card with `cards` on the table. */
async function playTo(page: Page, cards: number, limit = 60_000): Promise<void> {
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    const summary = page.getByTestId('round-summary');
    if (await summary.isVisible()) await tryClick(summary.locator('button.primary'));
    const choice = page.getByTestId('choice');
    if (await choice.isVisible()) {
      const pass = choice.locator('button[data-action=pass]');
      await tryClick((await pass.count()) ? pass : choice.locator('button').first());
    } else if (await page.locator('.hand-active .hand-card[data-legal=true]').count()) {
      const onTable = await page.locator('[data-testid=trick] .trick-card:not(.done)').count();
      const dimmed = await page.locator('.hand-active .hand-card.dimmed').count();
      if (onTable >= cards && dimmed > 0) return;
      await tryClick(page.locator('.hand-active .hand-card[data-legal=true]').first());
    }
    await page.waitForTimeout(120);
  }
  throw new Error('no such position in time');
}

test.describe.configure({ mode: 'serial' });

test('lobby', async ({ player }) => {
  const bob = await player('Bob');
  await createTable(bob.page, { game: 'gurka', players: 6, seats: ['person', 'heuristic', 'person', 'random', 'person'] });
  const carol = await player('Carol');
  await createTable(carol.page, { game: 'kraken', seats: ['person', 'heuristic', 'person'] });
  const alice = await player('Alice');
  await expect(alice.page.getByTestId('open-tables').locator('li')).toHaveCount(2);
  await shot(alice.page, 'lobby');
});

test('Kraken table and round summary', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;
  await createTable(page, { game: 'kraken', seats: ['heuristic', 'heuristic', 'heuristic'], rules: { rounds: 2 } });
  await deal(page);
  await playTo(page, 2);
  await page.getByTestId('last-trick-button').click();
  await shot(page, 'kraken-table');
  // on to the end of the round
  const deadline = Date.now() + 60_000;
  while (!(await page.getByTestId('round-summary').isVisible())) {
    expect(Date.now() < deadline).toBe(true);
    const choice = page.getByTestId('choice');
    if (await choice.isVisible()) await tryClick(choice.locator('button').first());
    const legal = page.locator('.hand-active .hand-card[data-legal=true]');
    if (await legal.count()) await tryClick(legal.first());
    await page.waitForTimeout(100);
  }
  const summary = page.getByTestId('round-summary');
  await expect(summary.locator('[data-testid=analysis], [data-testid=analysis-unavailable]')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'round-summary');
});

test('Gurka table', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;
  await createTable(page, { game: 'gurka', players: 5, seats: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] });
  await deal(page);
  await playTo(page, 2);
  await shot(page, 'gurka-table');
});

test('phone and Arabic', async ({ player }) => {
  const amal = await player('أمل', { language: 'ar', viewport: { width: 390, height: 844 } });
  const page = amal.page;
  await createTable(page, { game: 'kraken', seats: ['heuristic', 'heuristic', 'heuristic'] });
  await deal(page);
  await playTo(page, 1);
  await shot(page, 'table-phone-ar');
});
