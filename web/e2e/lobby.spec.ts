// Invites and the lobby: seats kept for a friend with the invite link and for a named
// player make the table private unless the owner lists it; a stranger from the lobby
// (reading it in Arabic, right to left) sees the host, the rules, who sits where and
// which seat is kept, and can take only the open seat; the friend and the named
// player take theirs; the game shows among the live games with its spectators.

import { axeViolations, expect, test } from './fixtures';

test('kept seats, the lobby in Arabic, and a live game with its spectators', async ({ player }) => {
  const username = `carol_${Math.random().toString(36).slice(2, 8)}`;
  // Carmen has an account, so that a seat can be kept for her by name (a name no other
  // test's guest takes: a guest may not look like an account)
  const carol = await player('Carmen');
  await carol.page.getByRole('link', { name: 'Account' }).click();
  await carol.page.locator('#acct-username').fill(username);
  await carol.page.locator('#acct-password').fill('carol-secret');
  await carol.page.getByTestId('upgrade-form').locator('button[type=submit]').click();
  await expect(carol.page.getByTestId('account-summary')).toContainText(username);

  const alice = await player('Alice');
  const form = alice.page.getByTestId('create-form');
  const listed = form.getByLabel('List the table in the lobby');
  await form.locator('input[name=game][value=gurka]').check();
  await form.locator('#rule-players').fill('4');
  await expect(listed).toBeChecked();
  await form.getByTestId('seat-kind-1').selectOption('invite');
  await expect(listed).not.toBeChecked(); // kept for a friend: private by default
  await expect(form).toContainText('the table is not listed unless you tick this');
  await form.getByTestId('seat-kind-2').selectOption('human');
  await form.getByTestId('seat-kind-3').selectOption('player');
  await form.getByTestId('seat-player-3').fill(username);
  await listed.check(); // Alice lists it all the same: strangers may take the open seat
  await form.getByTestId('create-submit').click();
  const room = alice.page.getByTestId('waiting-room');
  await expect(room).toBeVisible();
  const inviteUrl = await alice.page.getByTestId('invite-url').inputValue();
  const tableId = new URL(inviteUrl).pathname.split('/').pop();
  await expect(room.locator('li[data-seat="1"]')).toContainText('kept for a friend with the invite link');
  await expect(room.locator('li[data-seat="3"]')).toContainText('kept for an invited player');
  expect(await axeViolations(alice.page)).toEqual([]);

  // a stranger reads the lobby in Arabic
  const bob = await player('بوب', { language: 'ar' });
  await expect(bob.page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = bob.page.getByTestId('open-tables').locator(`li[data-table="${tableId}"]`);
  await expect(row).toContainText('يستضيفها Alice');
  await expect(row.getByTestId('rules-summary')).not.toBeEmpty();
  const seats = row.locator('.lobby-seats li');
  await expect(seats).toHaveText(['اللاعب 1: Alice', 'اللاعب 2: محجوز', 'اللاعب 3: مقعد شاغر', 'اللاعب 4: محجوز']);
  await expect(row).not.toContainText(username); // the lobby never says for whom
  // right to left: the join button is left of the table's description
  const join = await row.getByRole('link').boundingBox();
  const text = await row.locator('.lobby-table').boundingBox();
  expect(join!.x).toBeLessThan(text!.x);
  expect(await axeViolations(bob.page)).toEqual([]);
  await row.getByRole('link').click();
  const bobRoom = bob.page.getByTestId('waiting-room');
  await expect(bobRoom).toBeVisible();
  await expect(bobRoom.getByTestId('take-seat-1')).toHaveCount(0);
  await expect(bobRoom.getByTestId('take-seat-3')).toHaveCount(0);
  await bobRoom.getByTestId('take-seat-2').click();
  await expect(bobRoom.locator('li[data-seat="2"]')).toContainText('بوب');

  // the friend with the link takes the seat kept for them, Carmen hers (no link needed)
  const frank = await player('Frank');
  await frank.page.goto(inviteUrl);
  await frank.page.getByTestId('take-seat-1').click();
  await expect(frank.page.getByTestId('waiting-room').locator('li[data-seat="1"]')).toContainText('Frank');
  await carol.page.goto(inviteUrl.replace(/#.*/, ''));
  await carol.page.getByTestId('take-seat-3').click();
  await expect(alice.page.getByTestId('waiting-room').locator('li[data-seat="3"]')).toContainText('Carmen');
  await alice.page.getByTestId('deal').click();
  await expect(alice.page.getByTestId('felt')).toBeVisible();

  // the live game in the lobby: Dave (in Dutch) watches, and the lobby counts him
  const dave = await player('Dave', { language: 'nl' });
  const live = dave.page.getByTestId('live-games').locator(`li[data-table="${tableId}"]`);
  await expect(live.getByTestId('spectators')).toHaveText('0 kijken mee');
  await expect(live.locator('.lobby-seats li')).toHaveText(['Speler 1: Alice', 'Speler 2: Frank', 'Speler 3: بوب', 'Speler 4: Carmen']);
  await live.getByRole('link', { name: 'Kijken' }).click();
  await expect(dave.page.getByTestId('felt')).toBeVisible();
  const lobby = await alice.context.newPage();
  await lobby.goto('/');
  await expect(lobby.getByTestId('live-games').locator(`li[data-table="${tableId}"]`).getByTestId('spectators')).toHaveText('1 watching');
  expect(await axeViolations(lobby)).toEqual([]);
});
