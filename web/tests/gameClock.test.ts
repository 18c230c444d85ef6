import { describe, expect, it } from 'vitest';
import { clockLeft, formatClock, initialState, reduce } from '../src/lib/tableState';
import type { StateMessage, TableView } from '../src/lib/protocol';
import { stateMessage, tableView } from './tables';

const table: TableView = tableView({ clock: { initial: 60, increment: 5 } });

function received(at: number): ReturnType<typeof initialState> {
  const message: StateMessage = stateMessage({
    table,
    version: 3,
    to_move: 1,
    clock: { remaining: [42.5, 30, null, null], running: 1, at: 1_000_000 },
  });
  return reduce(initialState(), message, at);
}

describe('the game clock', () => {
  it('counts the running seat down from receipt, whatever our clock says', () => {
    const state = received(5_000);
    expect(clockLeft(state, 1, 5_000)).toBe(30);
    expect(clockLeft(state, 1, 12_500)).toBe(22.5);
    expect(clockLeft(state, 1, 99_000)).toBe(0);
  });

  it('keeps the others still and gives bots no clock', () => {
    const state = received(5_000);
    expect(clockLeft(state, 0, 20_000)).toBe(42.5);
    expect(clockLeft(state, 2, 20_000)).toBeNull();
  });

  it('stops once the game is over', () => {
    const state = { ...received(5_000), result: { scores: [0, 0], winner: 0, rounds: [], resigned: 1, flagged: 1 } };
    expect(clockLeft(state, 1, 20_000)).toBe(30);
  });

  it('shows minutes and whole seconds, rounded up', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(2.1)).toBe('0:03');
    expect(formatClock(125)).toBe('2:05');
  });
});
