// The score sheet (/sheet) on a phone-sized page: a whole 16-round Kraken sheet with
// a refused entry, an edit in the middle, undo and a reload; a Gurka sheet to the end,
// entered with the connection dropped after the first load (the service worker keeps
// the app); the Arabic sheet right to left, with axe. The expected totals come from
// the sheet's model (src/sheet), which tests/sheetVectors.test.ts holds to the
// engines' own results; the read-only link needs the server's sheets API (an account).

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tally as gurkaTally, DEFAULT_GURKA_RULES } from '../src/sheet/gurka';
import { DEFAULT_KRAKEN_RULES, emptyEntry, tally as krakenTally, type KrakenEntry } from '../src/sheet/kraken';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

async function violations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** 16 rounds that meet made, nat, roem in tricks, stuk, mars and every challenge. */
function krakenRounds(): KrakenEntry[] {
  const rounds: KrakenEntry[] = [];
  for (let i = 0; i < 16; i++) {
    const e = emptyEntry();
    e.declarers = (i % 2) as 0 | 1;
    e.points_of = ((i >> 1) % 2) as 0 | 1;
    e.card_points = [100, 81, 62, 120, 90, 75, 140, 30][i % 8];
    if (i % 3 === 0) e.roem = [[20], []];
    if (i % 5 === 1) e.roem = [[], [50, 20]];
    e.challenge = (['none', 'none', 'contra', 'none', 're', 'none', 'none', 'superkraken'] as const)[i % 8];
    if (i === 10) Object.assign(e, { declarers: 0, points_of: 0, card_points: 162, mars: 0, roem: [[], []] });
    rounds.push(e);
  }
  return rounds;
}

async function enterKraken(page: Page, e: KrakenEntry): Promise<void> {
  const form = page.getByTestId('kraken-entry');
  await form.getByTestId('kraken-declarers').getByRole('radio').nth(e.declarers).check();
  await form.getByTestId('kraken-points-of').getByRole('radio').nth(e.points_of).check();
  await form.getByTestId('kraken-points').fill(String(e.card_points));
  for (const team of [0, 1] as const) for (const value of e.roem[team]) await form.getByTestId(`kraken-roem-${team}-${value}`).click();
  await form.getByTestId('kraken-challenge').locator(`input[value="${e.challenge}"]`).check();
  await form.getByTestId('kraken-mars').locator(`input[value="${e.mars ?? 'none'}"]`).check();
}

async function expectTotals(page: Page, totals: [number, number]): Promise<void> {
  await expect(page.getByTestId('kraken-total-0')).toHaveText(String(totals[0]));
  await expect(page.getByTestId('kraken-total-1')).toHaveText(String(totals[1]));
}

test('a whole Kraken sheet on a phone: refusal, edit, undo, reload', async ({ page }) => {
  await page.goto('/sheet');
  await page.getByTestId('kraken-team-0').fill('Wij');
  await page.getByTestId('kraken-team-1').fill('Zij');
  await page.getByTestId('kraken-dealer').selectOption('3');
  await page.getByTestId('kraken-start').click();
  await expect(page.getByTestId('kraken-status')).toHaveText('Round 1: West deals.');

  const rounds = krakenRounds();
  const rules = DEFAULT_KRAKEN_RULES;
  for (const [i, e] of rounds.entries()) {
    if (i === 5) {
      // an impossible entry: mars with fewer than all the points is refused, nothing changes
      await enterKraken(page, { ...e, mars: 0, roem: [[], []] });
      await expect(page.getByTestId('kraken-problem')).toContainText('Mars means all 162 card points');
      await page.getByTestId('kraken-add').click();
      await expect(page.getByRole('alert')).toContainText('Mars means all 162 card points');
      await expect(page.getByTestId('kraken-history').locator('tbody tr')).toHaveCount(5);
    }
    await enterKraken(page, e);
    const expected = krakenTally(rules, rounds.slice(0, i + 1), 3);
    const result = expected.rounds[i].result;
    await expect(page.getByTestId('kraken-result-0')).toHaveText(String(result.points[0]));
    await expect(page.getByTestId('kraken-reason')).toContainText(result.nat ? 'nat' : 'made it');
    await page.getByTestId('kraken-add').click();
    await expectTotals(page, expected.totals);
  }
  const final = krakenTally(rules, rounds, 3);
  const winner = final.winner === null ? 'It is a draw.' : `${['Wij', 'Zij'][final.winner]} won!`;
  await expect(page.getByTestId('kraken-status')).toHaveText(winner);
  await expect(page.getByTestId('kraken-entry')).toHaveCount(0);
  await expect(page.getByTestId('kraken-row-11')).toContainText('mars');

  // an edit in the middle: round 8 was nat for Zij at 30; now they made it with 140
  await page.getByTestId('kraken-edit-8').click();
  await expect(page.getByTestId('kraken-points')).toHaveValue('30');
  await page.getByTestId('kraken-points').fill('140');
  await page.getByTestId('kraken-add').click();
  const edited = rounds.map((e, i) => (i === 7 ? { ...e, card_points: 140 } : e));
  await expectTotals(page, krakenTally(rules, edited, 3).totals);
  // undo takes the edit back; a reload keeps the sheet
  await page.getByTestId('sheet-undo').click();
  await expectTotals(page, final.totals);
  await page.reload();
  await expectTotals(page, final.totals);
  await expect(page.getByTestId('kraken-history').locator('tbody tr')).toHaveCount(16);
  // delete the last round: the game goes on with round 16
  await page.getByTestId('kraken-delete-16').click();
  await expectTotals(page, krakenTally(rules, rounds.slice(0, 15), 3).totals);
  await expect(page.getByTestId('kraken-status')).toHaveText('Round 16: South deals.');

  // export: a CSV row per round, and the sheet's JSON, which opens again as a new sheet
  const csv = page.waitForEvent('download');
  await page.getByTestId('sheet-csv').click();
  expect(readFileSync(await (await csv).path(), 'utf8').trim().split('\n')).toHaveLength(16);
  const json = page.waitForEvent('download');
  await page.getByTestId('sheet-json').click();
  const file = await (await json).path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported).toMatchObject({ format: 'cardtable-sheet', version: 1, game: 'kraken', teams: ['Wij', 'Zij'], first_dealer: 3 });
  expect(exported.rounds).toHaveLength(15);
  await page.goto('/sheet');
  await page.getByTestId('sheet-file').setInputFiles(file);
  await expect(page.getByTestId('kraken-history').locator('tbody tr')).toHaveCount(15);
  await expectTotals(page, krakenTally(rules, rounds.slice(0, 15), 3).totals);
  expect(await violations(page)).toEqual([]);
});

test('a Gurka sheet to the end, offline after the first load', async ({ page, context }) => {
  await page.goto('/sheet');
  // the service worker keeps the app for when the connection drops
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  // the page came from the service worker: the browser is offline
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByTestId('sheet-game').getByRole('radio', { name: 'Gurka' }).check();
  const names = ['Ann', 'Bo', 'Cy', 'Di'];
  for (const [seat, name] of names.entries()) await page.getByTestId(`gurka-player-${seat}`).fill(name);
  await page.getByTestId('gurka-eliminate').getByRole('radio', { name: '20' }).check();
  await page.getByTestId('gurka-start').click();

  const rules = { ...DEFAULT_GURKA_RULES, eliminate_at: 20 };
  const entries = [
    { penalties: [0, 13, 0, 13], tricks: null, buybacks: [] },
    { penalties: [14, 0, 0, 0], tricks: null, buybacks: [] },
    // Bo reaches 20 and is out; three are in, so he may buy back at the highest score in
    { penalties: [0, 9, 9, 0], tricks: null, buybacks: [1] },
    // the last trick's cards: Ann and Bo tie with aces and both take 14, both out
    { penalties: null, tricks: [[[0, 'AS'], [1, 'AH'], [2, '3C'], [3, '7D']]] as [number, string][][], buybacks: [] },
    // two left: Di goes out, Cy wins the pot
    { penalties: [0, 0, 0, 12], tricks: null, buybacks: [] },
  ];
  const enter = async (entry: (typeof entries)[number], index: number) => {
    const before = gurkaTally(rules, entries.slice(0, index) as never, 0);
    const form = page.getByTestId('gurka-entry');
    if (entry.penalties) {
      for (const seat of before.alive) await form.getByTestId(`gurka-penalty-${seat}`).fill(String(entry.penalties[seat]));
    } else {
      await form.getByTestId('gurka-mode').getByRole('radio', { name: 'the last trick' }).check();
      for (const [seat, card] of entry.tricks![0]) {
        await form.getByTestId(`gurka-rank-${seat}`).selectOption(card[0] === '1' ? 'T' : card[0]);
        await form.getByTestId(`gurka-suit-${seat}`).selectOption(card[card.length - 1]);
      }
    }
    for (const seat of entry.buybacks) await form.getByTestId(`gurka-buyback-${seat}`).check();
    await form.getByTestId('gurka-add').click();
    const after = gurkaTally(rules, entries.slice(0, index + 1) as never, 0);
    for (const [seat] of names.entries()) await expect(page.getByTestId(`gurka-score-${seat}`)).toHaveText(String(after.scores[seat]));
    return after;
  };
  for (const [i, entry] of entries.entries()) await enter(entry, i);
  await expect(page.getByTestId('gurka-row-3')).toContainText('bought back');
  const last = entries.length;
  const end = gurkaTally(rules, entries as never, 0);
  expect(end.over).toBe(true);
  await expect(page.getByTestId('gurka-status')).toHaveText(`${names[end.winners[0]]} wins the pot of ${end.pot} chips!`);
  for (const [seat] of names.entries()) await expect(page.getByTestId(`gurka-chips-${seat}`)).toContainText(String(Math.abs(end.chips[seat])));
  await expect(page.getByTestId('gurka-history').locator('tbody tr')).toHaveCount(last);
  // still offline: a reload opens the finished sheet from the browser
  await page.reload();
  await expect(page.getByTestId('gurka-status')).toContainText('wins the pot');
  expect(await violations(page)).toEqual([]);
  await context.setOffline(false);
});

test('the Arabic sheet is right to left and passes axe', async ({ browser, server, errors }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, locale: 'ar' });
  await context.addInitScript(() => localStorage.setItem('cardtable.settings', JSON.stringify({ language: 'ar', fourColour: false, animations: true })));
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(`ar console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`ar pageerror: ${e.message}`));
  await page.goto('/sheet');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ورقة النقاط');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('kraken-start').click();
  await page.getByTestId('kraken-declarers').getByRole('radio').first().check();
  await page.getByTestId('kraken-points').fill('81');
  await page.getByTestId('kraken-roem-0-20').click();
  await expect(page.getByTestId('kraken-reason')).toContainText('81 + 20');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('kraken-add').click();
  await expect(page.getByTestId('kraken-total-0')).toHaveText('101');
  // the first team's total is on the right
  const first = await page.getByTestId('kraken-total-0').boundingBox();
  const second = await page.getByTestId('kraken-total-1').boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);
  expect(await violations(page)).toEqual([]);
  await context.close();
});

test('an account keeps the sheet on the server; a read-only link follows it live', async ({ browser, server, errors }) => {
  // an account (the client has no sign-up form yet): registered through the API, its
  // session handed to the page as the client keeps it
  const username = `sheet${Date.now()}`;
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'a long enough password', name: 'Ann' }),
  });
  expect(response.ok).toBe(true);
  const session = await response.json();
  const owner = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  await owner.addInitScript((value) => localStorage.setItem('cardtable.session', value), JSON.stringify({ token: session.token, user: session.user }));
  const page = await owner.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(`owner console: ${m.text()}`));
  await page.goto('/sheet');
  await page.getByTestId('kraken-team-0').fill('Wij');
  await page.getByTestId('kraken-team-1').fill('Zij');
  await page.getByTestId('kraken-start').click();
  await enterKraken(page, { ...emptyEntry(), declarers: 0, card_points: 100 });
  await page.getByTestId('kraken-add').click();
  await expectTotals(page, [100, 62]);
  await page.getByTestId('sheet-share').click();
  const link = await page.getByTestId('sheet-share-url').inputValue();
  expect(new URL(link).pathname).toBe('/sheet');
  expect(new URL(link).hash).toMatch(/^#shared=/);

  // another player, no account, opens the link
  const viewer = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const other = await viewer.newPage();
  other.on('console', (m) => m.type() === 'error' && errors.push(`viewer console: ${m.text()}`));
  await other.goto(link);
  await expectTotals(other, [100, 62]);
  await expect(other.getByTestId('kraken-entry')).toHaveCount(0);
  await expect(other.getByTestId('kraken-edit-1')).toHaveCount(0);
  // the owner enters a round: the viewer follows
  await enterKraken(page, { ...emptyEntry(), declarers: 1, points_of: 1, card_points: 120 });
  await page.getByTestId('kraken-add').click();
  await expectTotals(page, [142, 182]);
  await expectTotals(other, [142, 182]);

  // the account's other device finds the sheet among its own
  const device = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  await device.addInitScript((value) => localStorage.setItem('cardtable.session', value), JSON.stringify({ token: session.token, user: session.user }));
  const second = await device.newPage();
  second.on('console', (m) => m.type() === 'error' && errors.push(`device console: ${m.text()}`));
  await second.goto('/sheet');
  await second.getByTestId('sheet-list').getByRole('link', { name: 'Wij – Zij' }).click();
  await expectTotals(second, [142, 182]);
  await owner.close();
  await viewer.close();
  await device.close();
});
