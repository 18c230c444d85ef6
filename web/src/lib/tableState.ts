// The table as the client knows it, built from the protocol's messages by a pure
// reducer: `state` replaces everything, `update`s apply in version order (a gap or a
// message of another game asks for a `sync`), `seat` and `chat` change their parts.

import {
  isCardAction,
  type ChatMessage,
  type GameClock,
  type GameEvent,
  type GameResult,
  type GurkaTrick,
  type KrakenTrick,
  type Observation,
  type PublicView,
  type RefusalDetails,
  type RoundResult,
  type ServerMessage,
  type TableView,
} from './protocol';

/** A completed trick in one shape for both games. */
export interface DoneTrick {
  plays: [number, string][];
  winner: number;
  points?: number;
  roem?: number;
}

export interface LogEntry {
  id: number;
  version: number;
  event: GameEvent;
}

export interface ChatLine {
  /** The server's id of the line. */
  id: number;
  userId: string;
  name: string;
  seat: number | null;
  text: string;
}

function chatLine(message: ChatMessage): ChatLine {
  return { id: message.id, userId: message.from.user_id, name: message.from.name, seat: message.from.seat, text: message.text };
}

export interface RoundSummary {
  gameId: string | null;
  number: number;
  result: RoundResult;
  /** The last trick of that round. */
  lastTrick: DoneTrick | null;
}

export interface TableState {
  table: TableView | null;
  seat: number | null;
  /** The empty seat kept for us by name, which we may take. */
  kept: number | null;
  gameId: string | null;
  version: number;
  toMove: number | null;
  observation: Observation | null;
  /** A spectator's public view of the game (players read theirs from the observation). */
  view: PublicView | null;
  result: GameResult | null;
  /** The trick in progress: from our observation, or from the events for spectators. */
  trick: [number, string][];
  /** The last completed trick of the round. */
  lastTrick: DoneTrick | null;
  /** Counts the tricks completed while we watched (the view holds each a moment). */
  tricksSeen: number;
  /** Rounds finished while we watched, and the one whose summary is open. */
  rounds: RoundSummary[];
  summary: RoundSummary | null;
  log: LogEntry[];
  chat: ChatLine[];
  error: { code: string; message: string; details?: RefusalDetails; id: number } | null;
  /** A gap or a stray message: the connection should send `sync`. */
  needsSync: boolean;
  /** When the seat to move last changed (ms, the caller's clock), for turn timers. */
  turnSince: number;
  /** The server's deadline of the move (epoch seconds), when the table has a timer. */
  deadline: number | null;
  /** The game clock as last received, and when (ms, the caller's clock): the
   * running seat counts down from then, whatever the skew of our clock. */
  clock: GameClock | null;
  clockSince: number;
  nextId: number;
}

export const LOG_LIMIT = 60;
export const CHAT_LIMIT = 100;

export function initialState(): TableState {
  return {
    table: null,
    seat: null,
    kept: null,
    gameId: null,
    version: 0,
    toMove: null,
    observation: null,
    view: null,
    result: null,
    trick: [],
    lastTrick: null,
    tricksSeen: 0,
    rounds: [],
    summary: null,
    log: [],
    chat: [],
    error: null,
    needsSync: false,
    turnSince: 0,
    deadline: null,
    clock: null,
    clockSince: 0,
    nextId: 1,
  };
}

/** The seconds `seat` has on its game clock at `now` (ms, our clock), counting the
 * running seat down from when the clock was received; null for a seat without one. */
export function clockLeft(state: TableState, seat: number, now: number): number | null {
  const clock = state.clock;
  const left = clock?.remaining[seat];
  if (clock === null || left === null || left === undefined) return null;
  const running = clock.running === seat && !state.result;
  return Math.max(0, running ? left - (now - state.clockSince) / 1000 : left);
}

/** Seconds as a clock shows them: `m:ss` (whole seconds, rounded up). */
export function formatClock(seconds: number): string {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Normalise a trick of either engine. */
export function doneTrick(trick: KrakenTrick | GurkaTrick, players = 4): DoneTrick {
  if ('plays' in trick) {
    return { plays: trick.plays.map(([s, c]) => [s, c] as [number, string]), winner: trick.taker };
  }
  return {
    plays: trick.cards.map((c, i) => [(trick.leader + i) % players, c] as [number, string]),
    winner: trick.winner,
    points: trick.points,
    roem: trick.roem,
  };
}

function lastTrickOf(obs: Observation | null, players: number): DoneTrick | null {
  const tricks = obs?.tricks as (KrakenTrick | GurkaTrick)[] | undefined;
  return tricks && tricks.length ? doneTrick(tricks[tricks.length - 1], players) : null;
}

function playersOf(table: TableView | null): number {
  return table ? table.seats.length : 4;
}

function withLog(state: TableState, version: number, events: GameEvent[]): Pick<TableState, 'log' | 'nextId'> {
  let nextId = state.nextId;
  const added = events.map((event) => ({ id: nextId++, version, event }));
  return { log: [...state.log, ...added].slice(-LOG_LIMIT), nextId };
}

/** The log of the round so far, from an observation's actions (a reload, a new game). */
function roundSoFar(state: TableState, version: number, observation: Observation | null): Pick<TableState, 'log' | 'nextId'> {
  const actions = observation && 'actions' in observation ? observation.actions : [];
  const events: GameEvent[] = actions.map(([seat, action]) => ({ type: 'action', seat, action }));
  return withLog({ ...state, log: [] }, version, events);
}

/** The state after one server message. `now` is the caller's clock in ms. */
export function reduce(state: TableState, message: ServerMessage, now = 0): TableState {
  switch (message.type) {
    case 'state': {
      const newGame = message.game_id !== state.gameId;
      const players = message.table.seats.length;
      return {
        ...state,
        table: message.table,
        seat: message.seat,
        kept: message.kept ?? null,
        gameId: message.game_id,
        version: message.version,
        toMove: message.to_move,
        observation: message.observation,
        view: message.view ?? null,
        result: message.result ?? null,
        trick: message.observation ? message.observation.trick : newGame ? [] : state.trick,
        lastTrick: message.observation ? lastTrickOf(message.observation, players) : newGame ? null : state.lastTrick,
        rounds: newGame ? [] : state.rounds,
        summary: newGame ? null : state.summary,
        // "What happened" tells the game being played, never the one before; after a
        // reload, the round's actions so far as our observation lists them
        ...(newGame ? roundSoFar(state, message.version, message.observation) : { log: state.log, nextId: state.nextId }),
        needsSync: false,
        chat: message.chat ? message.chat.map(chatLine).slice(-CHAT_LIMIT) : state.chat,
        turnSince: message.to_move !== state.toMove || newGame ? now : state.turnSince,
        deadline: message.deadline ?? null,
        clock: message.clock ?? null,
        clockSince: now,
      };
    }
    case 'update': {
      if (message.game_id !== state.gameId) return { ...state, needsSync: true };
      if (message.version <= state.version) return state; // already applied
      if (message.version !== state.version + 1) return { ...state, needsSync: true };
      const players = playersOf(state.table);
      let trick = state.trick;
      let lastTrick = state.lastTrick;
      let tricksSeen = state.tricksSeen;
      let rounds = state.rounds;
      let summary = state.summary;
      let result = state.result;
      for (const event of message.events) {
        if (event.type === 'action' && isCardAction(event.action)) {
          trick = [...trick, [event.seat, event.action]];
        } else if (event.type === 'trick') {
          lastTrick = doneTrick(event.trick, players);
          trick = [];
          tricksSeen += 1;
        } else if (event.type === 'round') {
          const round: RoundSummary = {
            gameId: message.game_id,
            number: event.number,
            result: event.result,
            lastTrick,
          };
          rounds = [...rounds, round];
          summary = round;
        } else if (event.type === 'game_over') {
          result = event.result;
        }
      }
      const observation = message.observation ?? state.observation;
      if (message.observation) {
        trick = message.observation.trick;
        const roundOver = message.events.some((e) => e.type === 'round');
        if (!roundOver) lastTrick = lastTrickOf(message.observation, players) ?? lastTrick;
      }
      return {
        ...state,
        ...withLog(state, message.version, message.events),
        version: message.version,
        toMove: message.to_move,
        observation,
        view: message.view ?? state.view,
        trick,
        lastTrick,
        tricksSeen,
        rounds,
        summary,
        result,
        turnSince: message.to_move !== state.toMove ? now : state.turnSince,
        deadline: message.deadline ?? null,
        clock: message.clock ?? null,
        clockSince: now,
      };
    }
    case 'seat':
      return { ...state, table: message.table };
    case 'chat': {
      if (state.chat.some((line) => line.id === message.id)) return state; // already in a state's history
      return { ...state, chat: [...state.chat, chatLine(message)].slice(-CHAT_LIMIT) };
    }
    case 'error': {
      const resync = ['conflict', 'not_your_turn', 'illegal_action'].includes(message.code);
      return {
        ...state,
        error: { code: message.code, message: message.message, details: message.details ?? undefined, id: state.nextId },
        nextId: state.nextId + 1,
        needsSync: state.needsSync || resync,
      };
    }
    default:
      return state;
  }
}

/** The sync was sent. */
export function syncSent(state: TableState): TableState {
  return state.needsSync ? { ...state, needsSync: false } : state;
}

/** Close the round summary. */
export function closeSummary(state: TableState): TableState {
  return { ...state, summary: null };
}

export function clearError(state: TableState): TableState {
  return state.error ? { ...state, error: null } : state;
}

/** Whether it is our seat's turn and we have choices. */
export function myTurn(state: TableState): boolean {
  return (
    state.seat !== null &&
    state.toMove === state.seat &&
    !!state.observation &&
    state.observation.legal_actions.length > 0
  );
}
