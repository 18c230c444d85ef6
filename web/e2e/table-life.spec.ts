// The life of a table, with two people in two browser contexts: getting up, the
// owner's seat controls (a bot for an absent player), deleting a table; aborting by
// agreement, resigning, and leaving during a game (a bot takes the seat). Every new
// dialog passes axe.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createTable, deal, expect, playUntil, tableVersion, test, type Player } from './fixtures';

async function violations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Alice's table with Bob at seat 1 and two bots. */
async function aliceAndBob(player: (name: string, options?: { language?: string }) => Promise<Player>, bobLanguage?: string) {
  const alice = await player('Alice');
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['person', 'heuristic', 'random'], rules: { rounds: 1 } });
  const bob = await player('Bob', bobLanguage ? { language: bobLanguage } : {});
  await bob.page.goto(tableUrl);
  await bob.page.getByTestId('take-seat-1').click();
  await expect(alice.page.locator('.seat-list li[data-seat="1"]')).toContainText('Bob');
  return { alice, bob, tableUrl };
}

test('getting up, the owner’s seats, a bot for an absent player, deleting the table', async ({ player }) => {
  const { alice, bob, tableUrl } = await aliceAndBob(player);
  // Bob gets up and sits down again
  await bob.page.getByTestId('leave-seat').click();
  await expect(alice.page.getByTestId('seat-control-1')).toHaveValue('person');
  await expect(bob.page.getByTestId('take-seat-1')).toBeVisible();
  await bob.page.getByTestId('take-seat-1').click();
  await expect(alice.page.locator('.seat-list li[data-seat="1"]')).toContainText('Bob');
  // the owner makes the Casual bot a Beginner: both see its one name
  await alice.page.getByTestId('seat-control-2').selectOption('bot:random');
  await expect(bob.page.locator('.seat-list li[data-seat="2"]')).toContainText('Bot · Beginner (random) 1');
  await expect(bob.page.locator('.seat-list li[data-seat="3"]')).toContainText('Bot · Beginner (random) 2');
  await alice.page.getByTestId('seat-control-2').selectOption('bot:heuristic');
  await expect(bob.page.locator('.seat-list li[data-seat="2"]')).toContainText('Bot · Casual');

  // Bob goes away during the game: the owner lets a bot play his seat
  await deal(alice.page);
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(8);
  await bob.page.close();
  const toBot = alice.page.getByTestId('to-bot-1');
  await expect(toBot).toBeVisible({ timeout: 20_000 });
  await toBot.click();
  await expect(alice.page.locator('.felt .seat[data-seat="1"] .seat-name')).toContainText('Bot · Casual');
  // the casual game is the owner's to abort alone; then she deletes the table
  await alice.page.getByTestId('abort').click();
  await expect(alice.page.getByTestId('confirm-abort')).toBeVisible();
  expect(await violations(alice.page)).toEqual([]);
  await alice.page.getByTestId('confirm-abort-yes').click();
  await expect(alice.page.getByTestId('waiting-room')).toBeVisible();
  await alice.page.getByTestId('delete-table').click();
  await expect(alice.page.getByTestId('confirm-delete')).toBeVisible();
  expect(await violations(alice.page)).toEqual([]);
  await alice.page.getByTestId('confirm-delete-yes').click();
  await expect(alice.page.getByTestId('lobby')).toBeVisible();
  const back = await bob.context.newPage();
  await back.goto(tableUrl);
  await expect(back.getByTestId('table-closed')).toHaveText('The owner closed this table.');
});

test('abort by agreement, resigning, and leaving during a game', async ({ player }) => {
  const { alice, bob } = await aliceAndBob(player, 'fr');
  // the table is rated: once a card is played the owner cannot abort alone
  await deal(alice.page);
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(8);
  // Bob (in French) proposes to abort; Alice declines; he proposes again; she agrees
  await bob.page.getByTestId('abort').click();
  await expect(bob.page.getByTestId('confirm-abort')).toContainText('Annuler cette partie ?');
  expect(await violations(bob.page)).toEqual([]);
  await bob.page.getByTestId('confirm-abort-yes').click();
  await expect(bob.page.getByTestId('abort-proposal')).toContainText('En attente des autres joueurs');
  await expect(alice.page.getByTestId('abort-proposal')).toContainText('Bob proposed to abort the game.');
  expect(await violations(alice.page)).toEqual([]);
  await alice.page.getByTestId('abort-decline').click();
  await expect(bob.page.getByTestId('abort-proposal')).toHaveCount(0);
  await bob.page.getByTestId('abort').click();
  await bob.page.getByTestId('confirm-abort-yes').click();
  await alice.page.getByTestId('abort-agree').click();
  for (const page of [alice.page, bob.page]) await expect(page.getByTestId('waiting-room')).toBeVisible();

  // a new game; Bob resigns for his team: both are told, the other team won
  await deal(alice.page);
  await bob.page.getByTestId('resign').click();
  await expect(bob.page.getByTestId('confirm-resign')).toContainText("l'autre équipe gagne");
  expect(await violations(bob.page)).toEqual([]);
  await bob.page.getByTestId('confirm-resign-yes').click();
  await expect(alice.page.getByTestId('resigned')).toHaveText('Bob resigned for East–West.');
  await expect(alice.page.getByTestId('game-over')).toContainText('North–South (us) won!');
  await expect(bob.page.getByTestId('resigned')).toContainText('Bob');

  // a rematch (Alice proposes, Bob accepts); then Bob leaves: a bot takes his seat
  await alice.page.getByTestId('rematch-yes').click();
  await bob.page.getByTestId('rematch-yes').click();
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(8);
  await bob.page.getByTestId('leave-table').click();
  await expect(bob.page.getByTestId('confirm-leave')).toBeVisible();
  expect(await violations(bob.page)).toEqual([]);
  await bob.page.getByTestId('confirm-leave-yes').click();
  await expect(alice.page.locator('.felt .seat[data-seat="1"] .seat-name')).toContainText('Bot · Casual');
  // Bob watches now: no hand
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(0);
  await expect(bob.page.getByTestId('status-line')).toContainText('Vous regardez');
});

test('a player who stays idle on their turn: the others let a bot play, the player takes the seat back', async ({ player }) => {
  const { alice, bob } = await aliceAndBob(player, 'pt');
  await deal(alice.page);
  await expect(bob.page.locator('.hand .hand-card')).toHaveCount(8);
  // Alice plays her turns; Bob never moves: on his turn, after a while, she may claim
  const claim = alice.page.getByTestId('claim-1');
  await playUntil(alice.page, () => claim.isVisible(), { prefer: ['pass'], what: "Bob's idle turn" });
  await expect(claim).toHaveText('Let a bot play for Bob');
  const version = await tableVersion(alice.page);
  await claim.click();
  // a bot moves for Bob, and he is offered his seat back, in Portuguese
  const back = bob.page.getByTestId('take-back');
  await expect(back).toHaveText('Retomar o meu lugar');
  await expect.poll(() => tableVersion(bob.page)).toBeGreaterThan(version);
  await back.click();
  await expect(back).toHaveCount(0);
  await expect(alice.page.locator('.felt .seat[data-seat="1"]')).not.toContainText('bot');
});
