import { describe, expect, it } from 'vitest';
import type { KrakenObservation, ServerMessage, TableView } from '../src/lib/protocol';
import { closeSummary, initialState, myTurn, reduce, syncSent, type TableState } from '../src/lib/tableState';
import { seatView, stateMessage, tableView } from './tables';

const table: TableView = tableView({
  id: 't1',
  rules: { rounds: 2 },
  public: true,
  game_id: 'g1',
  seats: [0, 1, 2, 3].map((seat) =>
    seatView({
      seat,
      kind: seat % 2 ? 'bot' : 'human',
      user_id: seat % 2 ? null : `u${seat}`,
      name: seat % 2 ? 'bot (random)' : `P${seat}`,
      level: seat % 2 ? 'random' : null,
    }),
  ),
});

function obs(change: Partial<KrakenObservation> = {}): KrakenObservation {
  return {
    game: 'kraken',
    seat: 0,
    rules: {},
    dealer: 3,
    phase: 'play',
    to_move: 0,
    hand: ['AH', 'TH', '7S'],
    legal_actions: ['AH', 'TH'],
    trump: 'H',
    declarer: 0,
    multiplier: 1,
    proposed: null,
    turned: [],
    actions: [],
    tricks: [],
    trick: [],
    declared_roem: {},
    roem_asked: [],
    card_points: [0, 0],
    roem: [0, 0],
    ...change,
  };
}

const stateAt = (version: number, change: Partial<KrakenObservation> = {}): ServerMessage =>
  stateMessage({ table, game_id: 'g1', version, to_move: 0, observation: obs(change) });

const update = (version: number, events: unknown[], change: Partial<KrakenObservation> = {}, to_move = 1): ServerMessage =>
  ({ v: 1, type: 'update', game_id: 'g1', version, to_move, events, observation: obs({ to_move, ...change }) }) as ServerMessage;

function after(...messages: ServerMessage[]): TableState {
  return messages.reduce((s, m) => reduce(s, m, 1000), initialState());
}

describe('the table state reducer', () => {
  it('takes everything from a state message', () => {
    const s = after(stateAt(7));
    expect(s.version).toBe(7);
    expect(s.seat).toBe(0);
    expect(s.table?.id).toBe('t1');
    expect(myTurn(s)).toBe(true);
    expect(s.needsSync).toBe(false);
  });

  it('applies updates in version order, ignores old ones and asks for a sync on a gap', () => {
    const s1 = after(stateAt(7), update(8, [{ type: 'action', seat: 0, action: 'AH' }], { hand: ['TH', '7S'], trick: [[0, 'AH']] }));
    expect(s1.version).toBe(8);
    expect(s1.trick).toEqual([[0, 'AH']]);
    expect(s1.log.map((e) => e.event)).toEqual([{ type: 'action', seat: 0, action: 'AH' }]);
    expect(myTurn(s1)).toBe(false);
    const again = reduce(s1, update(8, [{ type: 'action', seat: 0, action: 'AH' }]), 2000);
    expect(again).toBe(s1);
    const gap = reduce(s1, update(10, []), 2000);
    expect(gap.needsSync).toBe(true);
    expect(gap.version).toBe(8);
    expect(syncSent(gap).needsSync).toBe(false);
    // the resync replaces the state
    const synced = reduce(syncSent(gap), stateAt(10, { hand: ['7S'] }), 3000);
    expect(synced.version).toBe(10);
    expect(synced.observation?.hand).toEqual(['7S']);
  });

  it('asks for a sync when an update is of another game', () => {
    const s = reduce(after(stateAt(1)), { ...(update(2, []) as object), game_id: 'other' } as ServerMessage);
    expect(s.needsSync).toBe(true);
  });

  it('builds the trick from events for spectators and keeps the completed trick', () => {
    const spectator = reduce(initialState(), { ...(stateAt(0) as object), seat: null, observation: null } as ServerMessage);
    const plays = [0, 1, 2, 3].map((seat, i) => ({ type: 'action', seat, action: ['AH', '7H', 'TH', 'KH'][i] }));
    let s = spectator;
    for (let i = 0; i < 3; i++) {
      s = reduce(s, { v: 1, type: 'update', game_id: 'g1', version: i + 1, to_move: i + 1, events: [plays[i]] } as ServerMessage);
    }
    expect(s.trick).toEqual([
      [0, 'AH'],
      [1, '7H'],
      [2, 'TH'],
    ]);
    const trick = { leader: 0, cards: ['AH', '7H', 'TH', 'KH'], winner: 0, points: 25, roem: 0 };
    s = reduce(s, { v: 1, type: 'update', game_id: 'g1', version: 4, to_move: 0, events: [plays[3], { type: 'trick', trick }] } as ServerMessage);
    expect(s.trick).toEqual([]);
    expect(s.tricksSeen).toBe(1);
    expect(s.lastTrick).toEqual({ plays: [[0, 'AH'], [1, '7H'], [2, 'TH'], [3, 'KH']], winner: 0, points: 25, roem: 0 });
  });

  it('opens the round summary at the end of a round and the result at the end of the game', () => {
    const result = { card_points: [100, 52], roem: [20, 0], points: [130, 52], declarers: 0, nat: false, mars: null, multiplier: 1 };
    const trick = { leader: 1, cards: ['7S', '8S', '9S', 'TS'], winner: 0, points: 20, roem: 0 };
    let s = after(stateAt(30));
    s = reduce(s, update(31, [{ type: 'action', seat: 0, action: 'TS' }, { type: 'trick', trick }, { type: 'round', number: 1, result }]));
    expect(s.summary?.number).toBe(1);
    expect(s.summary?.result).toEqual(result);
    expect(s.summary?.lastTrick?.winner).toBe(0);
    expect(closeSummary(s).summary).toBeNull();
    const final = { scores: [130, 52], winner: 0, rounds: [result] };
    s = reduce(s, update(32, [{ type: 'game_over', result: final }], {}, 0));
    expect(s.result).toEqual(final);
  });

  it('keeps the chat and the errors', () => {
    let s = after(stateAt(1));
    const hi = { v: 1, type: 'chat', id: 7, channel: 'players', from: { user_id: 'u2', name: 'P2', seat: 2 }, text: 'hi' } as const;
    s = reduce(s, hi);
    expect(s.chat.map((c) => [c.userId, c.name, c.text])).toEqual([['u2', 'P2', 'hi']]);
    // the history of a state replaces the lines; the same line coming live again is kept once
    s = reduce(s, { ...(stateAt(1) as object), chat: [{ ...hi, id: 3, text: 'earlier' }, hi] } as ServerMessage);
    s = reduce(s, hi);
    expect(s.chat.map((c) => c.text)).toEqual(['earlier', 'hi']);
    // a state without a history keeps the lines
    s = reduce(s, { ...(stateAt(1) as object), chat: undefined } as unknown as ServerMessage);
    expect(s.chat).toHaveLength(2);
    s = reduce(s, { v: 1, type: 'error', code: 'illegal_action', message: 'follow suit' });
    expect(s.error?.message).toBe('follow suit');
    expect(s.needsSync).toBe(true);
  });

  it('knows the seat kept for us, from each state', () => {
    let s = after(stateAt(0));
    expect(s.kept).toBeNull();
    s = reduce(s, { ...(stateAt(0) as object), kept: 3 } as ServerMessage);
    expect(s.kept).toBe(3);
    s = reduce(s, stateAt(0));
    expect(s.kept).toBeNull();
  });

  it('starts afresh with a new game (rematch)', () => {
    let s = after(stateAt(5));
    s = reduce(s, update(6, [{ type: 'round', number: 1, result: { penalties: [0, 0, 3] } }]));
    expect(s.rounds).toHaveLength(1);
    s = reduce(s, { ...(stateAt(0) as object), game_id: 'g2' } as ServerMessage);
    expect(s.rounds).toHaveLength(0);
    expect(s.summary).toBeNull();
    expect(s.gameId).toBe('g2');
  });

  it('tells what happened this round after a reload, from the observation', () => {
    const played = { actions: [[1, 'trump H'], [0, 'AH']] as [number, string][] };
    const s = reduce(initialState(), stateAt(2, played));
    expect(s.log.map((entry) => entry.event)).toEqual([
      { type: 'action', seat: 1, action: 'trump H' },
      { type: 'action', seat: 0, action: 'AH' },
    ]);
    // the same game's next state keeps the log it has
    expect(reduce(s, stateAt(2, { actions: [] })).log).toHaveLength(2);
  });
});
