// The pictures of docs/screenshots/web-*.png (README.md, docs/web.md):
// `make screenshots` or `npm run screenshots`. Not part of `make test`.

import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { cardsOnTable, createTable, deal, expect, playUntil, test } from './fixtures';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${OUT}/web-${name}.png`, animations: 'disabled' });
}

/** Play (passing every choice) until our turn to play a card with `cards` on the table. */
async function playTo(page: Page, cards: number): Promise<void> {
  const dimmed = page.locator('.hand-active .hand-card.dimmed');
  await playUntil(page, async () => (await cardsOnTable(page)) >= cards && (await dimmed.count()) > 0, {
    prefer: ['pass'],
    limit: 60_000,
  });
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
  await playUntil(page, () => page.getByTestId('round-summary').isVisible(), { limit: 60_000 });
  const summary = page.getByTestId('round-summary');
  await expect(summary.locator('[data-testid=analysis], [data-testid=analysis-unavailable]')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'round-summary');
});

test('Gurka table', async ({ player }) => {
  const alice = await player('Alice');
  const page = alice.page;
  await createTable(page, { game: 'gurka', players: 5, seats: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] });
  await deal(page);
  // one card or more on the table (with five seats, two or more is not always met
  // while some of our cards may not be played)
  await playTo(page, 1);
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
