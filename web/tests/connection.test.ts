import { describe, expect, it } from 'vitest';
import { Backoff } from '../src/lib/backoff';
import { TableConnection, type Credentials } from '../src/lib/connection';
import type { ServerMessage } from '../src/lib/protocol';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...message }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(credentials: Credentials = { token: 'x' }) {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const messages: ServerMessage[] = [];
  const statuses: string[] = [];
  const conn = new TableConnection({
    url: () => 'ws://test/ws/tables/t1',
    auth: () => credentials,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => new FakeSocket(url),
    backoff: new Backoff({ base: 100, jitter: 0 }),
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (h) => {
      const i = timers.indexOf(h as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const fire = (ms: number) => {
    const i = timers.findIndex((t) => t.ms === ms);
    expect(i, `a timer of ${ms} ms`).toBeGreaterThanOrEqual(0);
    const [timer] = timers.splice(i, 1);
    timer.fn();
  };
  return { conn, timers, messages, statuses, fire };
}

const state = { type: 'state', table: {}, seat: 0, game_id: 'g', version: 3, to_move: 0, observation: null };
const auth = { v: 1, type: 'auth', token: 'x' };
/** What a socket was sent, parsed. */
const sentOn = (socket: FakeSocket) => socket.sent.map((s) => JSON.parse(s) as Record<string, unknown>);

describe('table connection', () => {
  it('reconnects with growing delays and resets once a state arrives', () => {
    const { conn, statuses, fire } = harness();
    conn.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(state);
    expect(conn.status).toBe('open');
    FakeSocket.all[0].drop();
    expect(conn.status).toBe('reconnecting');
    fire(100);
    FakeSocket.all[1].drop();
    fire(200);
    FakeSocket.all[2].drop();
    fire(400);
    expect(FakeSocket.all).toHaveLength(4);
    FakeSocket.all[3].open();
    FakeSocket.all[3].receive(state);
    expect(conn.status).toBe('open');
    FakeSocket.all[3].drop();
    fire(100); // the backoff started again
    expect(statuses).toContain('reconnecting');
  });

  it('resends unacknowledged actions with the same id after a reconnect, once acked never', () => {
    const { conn, fire } = harness();
    conn.start();
    const first = FakeSocket.all[0];
    first.open();
    first.receive(state);
    const id = conn.act('AH');
    expect(sentOn(first)).toEqual([auth, { type: 'action', id, action: 'AH' }]);
    first.drop();
    fire(100);
    const second = FakeSocket.all[1];
    second.open();
    second.receive(state);
    expect(sentOn(second)).toEqual([auth, { type: 'action', id, action: 'AH' }]);
    second.receive({ type: 'ack', id, version: 4, duplicate: true });
    expect(conn.unacknowledged).toBe(0);
    second.drop();
    fire(100);
    FakeSocket.all[2].open();
    FakeSocket.all[2].receive(state);
    expect(sentOn(FakeSocket.all[2])).toEqual([auth]);
  });

  it('gives up on a bad token or a missing table', () => {
    const { conn, timers } = harness();
    conn.start();
    FakeSocket.all[0].drop(4401);
    expect(conn.status).toBe('closed');
    expect(timers).toHaveLength(0);
  });

  it('stops for good', () => {
    const { conn, timers } = harness();
    conn.start();
    FakeSocket.all[0].open();
    conn.stop();
    expect(FakeSocket.all[0].closed).toBe(1000);
    expect(timers).toHaveLength(0);
    expect(conn.status).toBe('closed');
  });
});

describe('authentication by the first message', () => {
  it('puts no credentials in the address and sends auth first, token and invite included', () => {
    const { conn } = harness({ token: 'secret', invite: 'inv' });
    conn.start();
    const socket = FakeSocket.all[0];
    expect(socket.url).toBe('ws://test/ws/tables/t1');
    expect(socket.sent).toEqual([]); // nothing before the socket is open
    socket.open();
    expect(sentOn(socket)).toEqual([{ v: 1, type: 'auth', token: 'secret', invite: 'inv' }]);
  });

  it('leaves out what it does not have (the session cookie may do)', () => {
    const { conn } = harness({ token: null, invite: null });
    conn.start();
    FakeSocket.all[0].open();
    expect(sentOn(FakeSocket.all[0])).toEqual([{ v: 1, type: 'auth' }]);
  });

  it('sends nothing before the auth message: actions, chat and sync wait for it', () => {
    const { conn } = harness();
    conn.start();
    const socket = FakeSocket.all[0];
    const id = conn.act('AH');
    expect(conn.send({ type: 'chat', text: 'hello' })).toBe(false);
    expect(conn.send({ type: 'sync' })).toBe(false);
    // the socket says it is open, but its open event has not come yet
    socket.readyState = 1;
    expect(conn.send({ type: 'chat', text: 'too early' })).toBe(false);
    expect(socket.sent).toEqual([]);
    socket.onopen?.({});
    expect(sentOn(socket)).toEqual([auth]);
    socket.receive(state);
    expect(sentOn(socket)).toEqual([auth, { type: 'action', id, action: 'AH' }]);
    expect(conn.send({ type: 'chat', text: 'hello' })).toBe(true);
    expect(sentOn(socket)[2]).toEqual({ type: 'chat', text: 'hello' });
  });

  it('authenticates again first on every reconnection, with the credentials of that moment', () => {
    let token = 'one';
    FakeSocket.all = [];
    const timers: (() => void)[] = [];
    const conn = new TableConnection({
      url: () => 'ws://test/ws/tables/t1',
      auth: () => ({ token, invite: 'inv' }),
      onMessage: () => undefined,
      createSocket: (url) => new FakeSocket(url),
      backoff: new Backoff({ base: 100, jitter: 0 }),
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
    });
    conn.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(state);
    const id = conn.act('KS');
    FakeSocket.all[0].drop();
    token = 'two';
    timers.pop()?.(); // the retry
    const second = FakeSocket.all[1];
    expect(second.url).toBe('ws://test/ws/tables/t1');
    second.open();
    second.receive(state);
    expect(sentOn(second)).toEqual([
      { v: 1, type: 'auth', token: 'two', invite: 'inv' },
      { type: 'action', id, action: 'KS' },
    ]);
  });

  it('pings only after the auth message', () => {
    const { conn, fire } = harness();
    conn.start();
    const socket = FakeSocket.all[0];
    socket.open();
    fire(20_000);
    expect(sentOn(socket)).toEqual([auth, { type: 'ping' }]);
  });

  it('sends nothing on a socket that opens after a stop', () => {
    const { conn } = harness();
    conn.start();
    const socket = FakeSocket.all[0];
    conn.stop();
    socket.open();
    expect(socket.sent).toEqual([]);
  });
});
