// Accounts: register (in Dutch), change the name and the password, log out, and a
// second device logging in to the same account; a guest who played a rated game
// becomes an account and finds the game and the rating on another device.

import type { Browser, Page } from '@playwright/test';
import { axeViolations, createTable, deal, expect, newContext, playUntilOver, test, watchErrors, type Server } from './fixtures';

/** A browser (a device) with nobody signed in, at the sign-in screen. */
async function device(browser: Browser, server: Server, errors: string[], who: string, language?: string): Promise<Page> {
  const context = await newContext(browser, server, { language });
  const page = await context.newPage();
  watchErrors(page, errors, who);
  await page.goto('/');
  await expect(page.getByTestId('name-form')).toBeVisible();
  return page;
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('mode-login').click();
  const form = page.getByTestId('login-form');
  await form.locator('#acct-username').fill(username);
  await form.locator('#acct-password').fill(password);
  await form.locator('button[type=submit]').click();
}

const unique = () => Math.random().toString(36).slice(2, 8);

/** In the page: play the first legal action of our seat at `tableId` until the game is over. */
function playFirstLegal(tableId: string): Promise<void> {
  const token = (JSON.parse(localStorage.getItem('cardtable.session') ?? '{}') as { token?: string }).token;
  return new Promise((done, fail) => {
    const socket = new WebSocket(`ws://${location.host}/ws/tables/${tableId}`);
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onerror = () => fail(new Error('the socket failed'));
    socket.onmessage = (event) => {
      const m = JSON.parse(String(event.data));
      if (m.result || m.events?.some((e: { type: string }) => e.type === 'game_over')) {
        socket.close();
        done();
      } else if (m.observation && m.to_move === m.observation.seat && m.observation.legal_actions.length) {
        socket.send(JSON.stringify({ type: 'action', id: `e2e-${m.version}`, action: m.observation.legal_actions[0] }));
      }
    };
  });
}

test('register, rename, a second device, a new password, log out', async ({ browser, server, errors }) => {
  const username = `carla_${unique()}`;
  // the first device speaks Dutch
  const phone = await device(browser, server, errors, 'phone', 'nl');
  await phone.getByTestId('mode-register').click();
  expect(await axeViolations(phone)).toEqual([]);
  const form = phone.getByTestId('register-form');
  await form.locator('#acct-name').fill('Carla');
  await form.locator('#acct-username').fill(username);
  await form.locator('#acct-password').fill('eerste-geheim');
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(phone.getByTestId('lobby')).toBeVisible();
  await expect(phone.locator('.me-name')).toHaveText('Je speelt als Carla');

  await phone.getByRole('link', { name: 'Account' }).click();
  await expect(phone.getByTestId('account-summary')).toHaveText(`Je speelt als Carla (account ${username}).`);
  expect(await axeViolations(phone)).toEqual([]);
  await phone.locator('#acct-display').fill('Carla B');
  await phone.getByTestId('name-change').locator('button[type=submit]').click();
  await expect(phone.getByTestId('name-change').getByRole('status')).toHaveText('Je naam is gewijzigd.');
  await expect(phone.locator('.me-name')).toHaveText('Je speelt als Carla B');

  // a second device logs in to the same account and has the new name
  const laptop = await device(browser, server, errors, 'laptop');
  await logIn(laptop, username, 'eerste-geheim');
  await expect(laptop.getByTestId('lobby')).toBeVisible();
  await expect(laptop.locator('.me-name')).toHaveText('Playing as Carla B');

  // a new password on the phone logs the laptop out; the old password stops working
  await phone.locator('#acct-current').fill('wrong-password');
  await phone.locator('#acct-password').fill('tweede-geheim');
  await phone.getByTestId('password-form').locator('button[type=submit]').click();
  await expect(phone.getByTestId('password-form').getByRole('alert')).toHaveText('Onbekende gebruikersnaam of verkeerd wachtwoord.');
  await phone.locator('#acct-current').fill('eerste-geheim');
  await phone.getByTestId('password-form').locator('button[type=submit]').click();
  await expect(phone.getByTestId('password-form').getByRole('status')).toHaveText('Je wachtwoord is gewijzigd.');
  await laptop.reload();
  await expect(laptop.getByTestId('name-form')).toBeVisible();
  await logIn(laptop, username, 'eerste-geheim');
  await expect(laptop.getByTestId('login-form').getByRole('alert')).toHaveText('Unknown username or wrong password.');
  await laptop.locator('#acct-password').fill('tweede-geheim');
  await laptop.getByTestId('login-form').locator('button[type=submit]').click();
  await expect(laptop.locator('.me-name')).toHaveText('Playing as Carla B');

  // the browser logs each refused request (the wrong passwords, the ended session)
  const unexpected = errors.filter((e) => !/status of 401/.test(e));
  errors.splice(0, errors.length, ...unexpected);

  // the phone still works after its own change, then logs out
  await phone.reload();
  await expect(phone.getByTestId('account-page')).toBeVisible();
  await phone.getByTestId('account-logout').click();
  await expect(phone.getByTestId('name-form')).toBeVisible();
  await expect(phone.locator('.me-name')).toHaveCount(0);
});

test('a guest becomes an account keeping games and rating', async ({ browser, server, errors, player }) => {
  const username = `dora_${unique()}`;
  const dora = await player('Dora');
  const page = dora.page;
  const { tableUrl } = await createTable(page, { game: 'kraken', seats: ['random', 'random', 'random'], rules: { rounds: 1 } });
  await deal(page);
  // the game is not this test's subject: Dora's moves go straight down a socket of her
  // own (her first legal action each turn) rather than by clicking
  await page.evaluate(playFirstLegal, new URL(tableUrl).pathname.split('/').pop() ?? '');
  await playUntilOver(page); // closes the round's summary
  // our own row is highlighted, and stays a table row (its cells under the headers)
  const mine = page.getByTestId('game-over').locator('tr.me').first();
  await expect(mine).toHaveCSS('display', 'table-row');
  await page.getByTestId('game-over').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'My page' }).click();
  await expect(page.getByTestId('player-page').locator('h1 .badge')).toHaveText('guest');
  await expect(page.getByTestId('player-page').locator('.game-list li')).toHaveCount(1);
  const rating = await page.getByTestId('player-page').locator('.stats dd').first().textContent();
  expect(rating).toBeTruthy();
  const myPage = page.url();

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByTestId('account-summary')).toHaveText('You play as the guest Dora.');
  expect(await axeViolations(page)).toEqual([]);
  const upgrade = page.getByTestId('upgrade-form');
  await upgrade.locator('#acct-username').fill(username);
  await upgrade.locator('#acct-password').fill('dora-secret');
  await upgrade.locator('button[type=submit]').click();
  await expect(page.getByTestId('account-summary')).toHaveText(`You play as Dora (account ${username}).`);
  // the account's password form starts empty, and nothing says the password changed
  await expect(page.getByTestId('upgrade-done')).toBeVisible();
  const passwordForm = page.getByTestId('password-form');
  await expect(passwordForm.locator('[role=status]')).toHaveCount(0);
  for (const field of await passwordForm.locator('input').all()) await expect(field).toHaveValue('');

  // another device: same player page, the game and the rating kept
  const tablet = await device(browser, server, errors, 'tablet');
  await logIn(tablet, username, 'dora-secret');
  await expect(tablet.locator('.me-name')).toHaveText('Playing as Dora');
  await tablet.getByRole('link', { name: 'My page' }).click();
  expect(tablet.url()).toBe(myPage);
  await expect(tablet.getByTestId('player-page').locator('h1 .badge')).toHaveText('account');
  await expect(tablet.getByTestId('player-page').locator('.game-list li')).toHaveCount(1);
  await expect(tablet.getByTestId('player-page').locator('.stats dd').first()).toHaveText(rating ?? '');
});
