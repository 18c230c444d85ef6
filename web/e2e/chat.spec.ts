// Chat: hostile lines are shown as text; a reload keeps the history; spectators chat
// apart from the players (or not at all, the owner's choice); a muted player's lines
// are hidden from the viewer who muted them, also after a reload (the mute is kept
// in this browser), until unmuted. Bob reads the table in French.

import type { Page } from '@playwright/test';
import { axeViolations, createTable, expect, test } from './fixtures';

async function say(page: Page, text: string): Promise<void> {
  const chat = page.getByTestId('chat');
  await chat.getByRole('textbox').fill(text);
  await chat.locator('button[type=submit]').click();
}

const HOSTILE = '<img src=x onerror="window.__pwned=1"><b>bold</b> & </ol>';

test('history, rooms, mutes and hostile text in the chat', async ({ player }) => {
  const alice = await player('Alice');
  const form = alice.page.getByTestId('create-form');
  await form.getByLabel('List the table in the lobby').uncheck();
  const { tableUrl } = await createTable(alice.page, { game: 'kraken', seats: ['person', 'random', 'random'] });
  const bob = await player('Bob', { language: 'fr' });
  await bob.page.goto(tableUrl);
  await bob.page.getByTestId('take-seat-1').click();
  await expect(bob.page.getByTestId('waiting-room').locator('li[data-seat="1"]')).toContainText('Bob');

  // the text of each line shown, and who said it
  const lines = (page: Page) => page.getByTestId('chat').locator('.chat-lines li bdi');
  const names = (page: Page) => page.getByTestId('chat').locator('.chat-lines li strong');
  await say(alice.page, HOSTILE);
  await expect(lines(bob.page)).toHaveText([HOSTILE]);
  await say(bob.page, 'salut Alice');
  for (const page of [alice.page, bob.page]) {
    await expect(lines(page)).toHaveText([HOSTILE, 'salut Alice']);
    await expect(names(page)).toHaveText(['Alice:', 'Bob:']);
  }
  await expect(bob.page.locator('.chat-lines img, .chat-lines b')).toHaveCount(0);
  expect(await bob.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // a spectator with the link: the spectators' room, which the players never see
  const carol = await player('Carol');
  await carol.page.goto(tableUrl);
  const carolChat = carol.page.getByTestId('chat');
  await expect(carolChat.getByRole('heading')).toHaveText("Spectators’ chat");
  await expect(carolChat.locator('.chat-lines li')).toHaveText(['No messages yet.']);
  await say(carol.page, 'go Bob');
  await expect(lines(carol.page)).toHaveText(['go Bob']);
  await say(alice.page, 'ready?');
  await expect(lines(bob.page)).toHaveText([HOSTILE, 'salut Alice', 'ready?']);
  await expect(lines(carol.page)).toHaveText(['go Bob']);
  await expect(alice.page.getByTestId('chat')).not.toContainText('go Bob');

  // Bob mutes Alice: her lines go, for him only, and stay gone after a reload
  await bob.page.getByRole('button', { name: 'Masquer Alice' }).first().click();
  await expect(lines(bob.page)).toHaveText(['salut Alice']);
  await expect(bob.page.getByTestId('muted')).toContainText('Alice est masqué (dans ce navigateur).');
  expect(await axeViolations(bob.page)).toEqual([]);
  await bob.page.reload();
  await expect(lines(bob.page)).toHaveText(['salut Alice']);
  await bob.page.getByRole('button', { name: 'Réafficher Alice' }).click();
  await expect(lines(bob.page)).toHaveText([HOSTILE, 'salut Alice', 'ready?']);
  // Alice's reload keeps the history of her room
  await alice.page.reload();
  await expect(lines(alice.page)).toHaveText([HOSTILE, 'salut Alice', 'ready?']);

  // another table whose owner turned the spectators' chat off
  await alice.page.goto('/');
  await form.getByLabel("Spectators’ chat").selectOption('off');
  const quiet = await createTable(alice.page, { game: 'kraken', seats: ['random', 'random', 'random'] });
  await carol.page.goto(quiet.tableUrl);
  await expect(carol.page.getByTestId('chat-off')).toHaveText('The owner turned the spectators’ chat off.');
  await expect(carol.page.getByTestId('chat').getByRole('textbox')).toHaveCount(0);
});
