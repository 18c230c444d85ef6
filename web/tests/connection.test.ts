import { describe, expect, it } from 'vitest';
import { Backoff } from '../src/lib/backoff';
import { TableConnection } from '../src/lib/connection';
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

function harness() {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const messages: ServerMessage[] = [];
  const statuses: string[] = [];
  const conn = new TableConnection({
    url: () => 'ws://test/ws/tables/t1?token=x',
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
    expect(JSON.parse(first.sent[0])).toEqual({ type: 'action', id, action: 'AH' });
    first.drop();
    fire(100);
    const second = FakeSocket.all[1];
    second.open();
    second.receive(state);
    expect(second.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'action', id, action: 'AH' }]);
    second.receive({ type: 'ack', id, version: 4, duplicate: true });
    expect(conn.unacknowledged).toBe(0);
    second.drop();
    fire(100);
    FakeSocket.all[2].open();
    FakeSocket.all[2].receive(state);
    expect(FakeSocket.all[2].sent).toEqual([]);
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
