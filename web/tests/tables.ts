// Complete tables and seats for the tests: every field the server sends, with the
// test's own changes.
import type { SeatView, StateMessage, TableView } from '../src/lib/protocol';

export function seatView(change: Partial<SeatView> & { seat: number }): SeatView {
  return {
    kind: 'human',
    user_id: null,
    name: null,
    level: null,
    open: false,
    reserved: false,
    reservation: null,
    connected: true,
    controller: 'player',
    ...change,
  };
}

export function tableView(change: Partial<TableView> = {}): TableView {
  return {
    id: 't',
    game: 'kraken',
    rules: {},
    status: 'playing',
    public: false,
    rated: true,
    owner: { id: 'a', name: 'Alice' },
    turn_timer: null,
    clock: null,
    spectator_chat: 'apart',
    game_id: 'g',
    game_number: 1,
    seats: [],
    proposals: {},
    claim_after: 120,
    ...change,
  };
}

export function stateMessage(change: Partial<StateMessage> & Pick<StateMessage, 'table'>): StateMessage {
  return {
    v: 1,
    type: 'state',
    seat: 0,
    game_id: 'g',
    version: 0,
    to_move: null,
    deadline: null,
    observation: null,
    chat: [],
    kept: null,
    clock: null,
    ...change,
  };
}
