// The Arabic table is laid out right to left: the document's direction, the side
// panel on the left, the hand starting on the right, and Arabic words.

import { createTable, deal, expect, test } from './fixtures';

test('the Arabic table renders right to left', async ({ player }) => {
  const amal = await player('أمل', { language: 'ar' });
  const page = amal.page;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('create-form')).toContainText('طاولة جديدة');
  await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(page);
  await expect(page.getByTestId('info-bar')).toContainText('الورقة الرابحة');
  const play = await page.locator('.play-area').boundingBox();
  const side = await page.locator('aside.side').boundingBox();
  expect(play && side, 'both columns are shown').toBeTruthy();
  expect(side!.x).toBeLessThan(play!.x);
  const cards = page.locator('.hand .hand-card');
  await expect(cards).toHaveCount(8);
  const first = await cards.first().boundingBox();
  const last = await cards.last().boundingBox();
  expect(first!.x).toBeGreaterThan(last!.x);
  const direction = await page.locator('.info-bar').evaluate((el) => getComputedStyle(el).direction);
  expect(direction).toBe('rtl');
});

test('the language follows the browser and the menu', async ({ player }) => {
  const bob = await player('Bob');
  const page = bob.page;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language').selectOption('nl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByTestId('create-form')).toContainText('Nieuwe tafel');
  await page.getByTestId('language').selectOption('fr');
  await expect(page.getByTestId('create-form')).toContainText('Nouvelle table');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/rules/gurka');
  await expect(page.getByTestId('rules')).toContainText('Gurka');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
