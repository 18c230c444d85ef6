// The table controller over a mock WebSocket: the socket's address has no
// credentials, the auth message (token and invite) goes first, and the table's HTTP
// reads carry the invite in the X-Invite header, never in the query.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../src/lib/session';
import { TableController } from '../src/lib/tableController';

class MockWebSocket {
  static all: MockWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    MockWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...message }) });
  }
}

const table = {
  id: 't1',
  game: 'kraken',
  rules: {},
  status: 'playing',
  public: false,
  turn_timer: null,
  game_id: 'g1',
  game_number: 1,
  seats: [],
};
const state = { type: 'state', table, seat: null, game_id: 'g1', version: 1, to_move: null, observation: null, log: [], chat: [] };

let fetches: { url: string; headers: Record<string, string> }[] = [];

beforeEach(() => {
  MockWebSocket.all = [];
  fetches = [];
  vi.stubGlobal('WebSocket', MockWebSocket);
  vi.stubGlobal('window', {
    location: { protocol: 'https:', host: 'cards.example' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      fetches.push({ url, headers: init.headers });
      return new Response(JSON.stringify({ game_id: 'g1', version: 1, result: null }), { status: 200 });
    }),
  );
  setSession({ token: 'tok-123', user: { id: 'u1', name: 'Ann', kind: 'guest' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const sent = (socket: MockWebSocket) => socket.sent.map((s) => JSON.parse(s) as Record<string, unknown>);

describe('the table controller', () => {
  it('opens the socket without a query and sends auth before anything else', () => {
    const controller = new TableController('t1', 'inv-9');
    controller.start();
    const socket = MockWebSocket.all[0];
    expect(socket.url).toBe('wss://cards.example/ws/tables/t1');
    // no move while connecting (nothing queues up), and nothing before the auth message
    expect(controller.act('AH')).toBe(false);
    controller.chat('hi');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(sent(socket)).toEqual([{ v: 1, type: 'auth', token: 'tok-123', invite: 'inv-9' }]);
    socket.receive(state);
    expect(controller.status.value).toBe('open');
    expect(sent(socket).map((m) => m.type)).toEqual(['auth']);
    // a move is sent once: more clicks before its answer send nothing
    expect(controller.act('AH')).toBe(true);
    expect(controller.sending.value).toBe(true);
    expect(controller.act('KH')).toBe(false);
    expect(sent(socket).map((m) => m.type)).toEqual(['auth', 'action']);
    const move = sent(socket)[1];
    expect(move).toMatchObject({ type: 'action', action: 'AH' });
    socket.receive({ type: 'ack', id: move.id, version: 2, duplicate: false });
    expect(controller.sending.value).toBe(false);
    // a refusal answers the move too
    expect(controller.act('QH')).toBe(true);
    socket.receive({ type: 'error', code: 'not_your_turn', message: 'no', details: { seat: 2 } });
    expect(controller.sending.value).toBe(false);
    expect(controller.state.value.error).toMatchObject({ code: 'not_your_turn', details: { seat: 2 } });
    controller.stop();
  });

  it('reads the score with the invite in X-Invite, not in the address', async () => {
    const controller = new TableController('t1', 'inv-9');
    controller.start();
    MockWebSocket.all[0].open();
    MockWebSocket.all[0].receive(state);
    await vi.waitFor(() => expect(fetches).toHaveLength(1));
    expect(fetches[0].url).toBe('/api/tables/t1/score');
    expect(fetches[0].headers['X-Invite']).toBe('inv-9');
    expect(fetches[0].headers.Authorization).toBe('Bearer tok-123');
    controller.stop();
  });

  it('sends no invite when the table was not opened with one', async () => {
    const controller = new TableController('t1', null);
    controller.start();
    MockWebSocket.all[0].open();
    expect(sent(MockWebSocket.all[0])).toEqual([{ v: 1, type: 'auth', token: 'tok-123' }]);
    MockWebSocket.all[0].receive(state);
    await vi.waitFor(() => expect(fetches).toHaveLength(1));
    expect(fetches[0].headers).not.toHaveProperty('X-Invite');
    controller.stop();
  });

  it('keeps the invite in the body of a join', async () => {
    const controller = new TableController('t1', 'inv-9');
    await controller.join(2);
    const call = vi.mocked(fetch).mock.calls[0] as unknown as [string, { body: string; headers: Record<string, string> }];
    expect(call[0]).toBe('/api/tables/t1/join');
    expect(JSON.parse(call[1].body)).toEqual({ seat: 2, invite: 'inv-9' });
    // the join reopened the socket, which authenticates first again
    MockWebSocket.all[MockWebSocket.all.length - 1].open();
    expect(sent(MockWebSocket.all[MockWebSocket.all.length - 1])[0]).toEqual({ v: 1, type: 'auth', token: 'tok-123', invite: 'inv-9' });
    controller.stop();
  });
});
