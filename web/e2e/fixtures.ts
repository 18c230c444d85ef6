// Fixtures of the end-to-end tests: a `cardtable serve` per worker (free port,
// temporary SQLite database, quick bots), players in their own browser contexts, and
// a check that no page logged a console error or threw.

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CARDTABLE = process.env.CARDTABLE_BIN ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../.venv/bin/cardtable');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

export interface Server {
  url: string;
}

export interface Running {
  server: Server;
  /** Stop it and remove its database. */
  stop: () => Promise<void>;
  /** kill -9: the database stays, for a restart with the same `dir` and `port`. */
  kill: () => Promise<void>;
  dir: string;
  port: number;
}

/** `cardtable serve` on a free port (or `port`) with a database in a new (or the given) folder. */
export async function startServer(options: { dir?: string; port?: number } = {}): Promise<Running> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'cardtable-e2e-'));
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    CARDTABLE,
    [
      'serve',
      '--port',
      String(port),
      '--database',
      `sqlite:///${join(dir, 'e2e.db')}`,
      '--bot-delay',
      '0.05',
      '--bot-workers',
      '1',
      '--log-level',
      'warning',
      // every test signs guests in and creates tables from 127.0.0.1 (the table limit
      // is per address too): far more than a person would
      '--limit',
      'guest=600/minute',
      '--limit',
      'table=600/minute',
      // a player to move may be claimed for a bot after 2 s (a person waits minutes)
      '--claim-after',
      '2',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cardtable serve exited: ${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`cardtable serve did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        r(null);
      }, 8000);
      child.on('exit', () => {
        clearTimeout(timer);
        r(null);
      });
    });
    rmSync(dir, { recursive: true, force: true });
  };
  const kill = async () => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.on('exit', r));
  };
  return { server: { url }, stop, kill, dir, port };
}

/** Record console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page, errors: string[], who: string): void {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${who} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${who} pageerror: ${error.message}`));
}

export interface Player {
  context: BrowserContext;
  page: Page;
}

type NewPlayer = (
  name: string,
  options?: { language?: string; viewport?: { width: number; height: number }; server?: Server },
) => Promise<Player>;

export const test = base.extend<{ errors: string[]; player: NewPlayer }, { server: Server }>({
  server: [
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  errors: [
    async ({}, use) => {
      const errors: string[] = [];
      await use(errors);
      expect(errors, 'console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, errors }, use) => {
    watchErrors(page, errors, 'page');
    await use(page);
  },
  player: async ({ browser, server, errors }, use) => {
    const made: BrowserContext[] = [];
    const make: NewPlayer = async (name, options = {}) => {
      const context = await newContext(browser, options.server ?? server, options);
      made.push(context);
      const page = await context.newPage();
      watchErrors(page, errors, name);
      await page.goto('/');
      await page.locator('#guest-name').fill(name);
      await page.locator('[data-testid=name-form] button[type=submit]').click();
      await expect(page.getByTestId('lobby')).toBeVisible();
      return { context, page };
    };
    await use(make);
    for (const context of made) await context.close();
  },
});

export async function newContext(
  browser: Browser,
  server: Server,
  options: { language?: string; viewport?: { width: number; height: number } },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport ?? { width: 1280, height: 860 },
    locale: 'en-GB',
  });
  if (options.language) {
    const settings = JSON.stringify({ language: options.language, fourColour: false, animations: true });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('cardtable.settings')) localStorage.setItem('cardtable.settings', value);
    }, settings);
  }
  return context;
}

export { expect };

/** Create a table from the lobby form. `seats` gives seats 1.. as 'person' or a bot level. */
export async function createTable(
  page: Page,
  options: {
    game: 'kraken' | 'gurka';
    seats: string[];
    rules?: Record<string, string | number>;
    players?: number;
    clock?: { initial: number; increment?: number };
  },
): Promise<{ tableUrl: string }> {
  const form = page.getByTestId('create-form');
  await form.locator(`input[name=game][value=${options.game}]`).check();
  if (options.players) await form.locator('#rule-players').fill(String(options.players));
  if (options.rules && Object.keys(options.rules).length) {
    await form.locator('.rules-fields summary').click();
    for (const [name, value] of Object.entries(options.rules)) {
      const input = form.locator(`#rule-${name}`);
      const tag = await input.evaluate((el) => el.tagName);
      if (tag === 'SELECT') await input.selectOption(String(value));
      else await input.fill(String(value));
    }
  }
  for (const [i, seat] of options.seats.entries()) {
    const index = i + 1;
    if (seat === 'person') await form.getByTestId(`seat-kind-${index}`).selectOption('human');
    else {
      await form.getByTestId(`seat-kind-${index}`).selectOption('bot');
      await form.getByTestId(`seat-level-${index}`).selectOption(seat);
    }
  }
  if (options.clock) {
    await form.locator('#clock-initial').fill(String(options.clock.initial));
    await form.locator('#clock-increment').fill(String(options.clock.increment ?? 0));
  }
  await form.getByTestId('create-submit').click();
  await expect(page.getByTestId('waiting-room')).toBeVisible();
  return { tableUrl: await page.getByTestId('invite-url').inputValue() };
}

/** Deal (the host). */
export async function deal(page: Page): Promise<void> {
  await page.getByTestId('deal').click();
  await expect(page.getByTestId('felt')).toBeVisible();
}

/** The legal cards of our hand while it is our turn. */
export const LEGAL = '.hand-active .hand-card[data-legal=true]';

/**
 * Play by clicking until `reached()` holds: round summaries are closed, a choice takes
 * the first preferred action it offers (or its first button), our turn plays the first
 * legal card. Returns the number of moves made.
 */
export async function playUntil(
  page: Page,
  reached: () => Promise<boolean>,
  options: { prefer?: string[]; limit?: number; what?: string } = {},
): Promise<number> {
  const limit = Date.now() + (options.limit ?? 100_000);
  let moves = 0;
  for (;;) {
    if (await reached()) return moves;
    if (Date.now() > limit) throw new Error(`not reached in time: ${options.what ?? 'the position'}`);
    let button: Locator | null = null;
    const summary = page.getByTestId('round-summary');
    const closing = await summary.isVisible();
    const choice = page.getByTestId('choice');
    if (closing) {
      button = summary.locator('button.primary');
    } else if (await choice.isVisible()) {
      button = choice.locator('button').first();
      for (const action of options.prefer ?? []) {
        const preferred = choice.locator(`button[data-action="${action}"]`);
        if (await preferred.count()) {
          button = preferred;
          break;
        }
      }
    } else if (await page.locator(LEGAL).count()) {
      button = page.locator(LEGAL).first();
    }
    if (button === null) {
      await page.waitForTimeout(40);
      continue;
    }
    // the table may have reached the position meanwhile (a round summary, say): look
    // again before a click that would move it on
    if (await reached()) return moves;
    const version = await tableVersion(page);
    await tryClick(button);
    if (closing) continue;
    await waitVersionAbove(page, version);
    moves += 1;
  }
}

/** Play by clicking (see `playUntil`) until the game is over. */
export async function playUntilOver(page: Page, options: { prefer?: string[]; limit?: number } = {}): Promise<number> {
  return playUntil(page, () => page.getByTestId('game-over').isVisible(), { ...options, what: 'the end of the game' });
}

/** Cards on the table in the trick being played. */
export async function cardsOnTable(page: Page): Promise<number> {
  return page.locator('[data-testid=trick] .trick-card:not(.done)').count();
}

/** Click if it can be done soon: in the play loops the table may move on meanwhile. */
export async function tryClick(locator: Locator): Promise<void> {
  await locator.click({ timeout: 2000 }).catch(() => undefined);
}

export async function tableVersion(page: Page): Promise<number> {
  const value = await page.getByTestId('table-screen').getAttribute('data-version');
  return Number(value ?? 0);
}

async function waitVersionAbove(page: Page, version: number): Promise<void> {
  await page
    .waitForFunction(
      (v) => Number(document.querySelector('[data-testid=table-screen]')?.getAttribute('data-version') ?? 0) > v,
      version,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

/**
 * axe-core's WCAG 2.1 A and AA violations of the page, one line each. The page is
 * shown with reduced motion first: axe reads colours as painted, and a dialog fading
 * in has too little contrast for a moment.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}
