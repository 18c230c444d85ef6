// The server's protocol (docs/server-protocol.md), as TypeScript types: the tables,
// seats and message envelopes are generated from the server's schemas (api.gen.ts,
// `make protocol`); observations, results and events are each game's own
// (exactly the engines' Observation.to_dict()).
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type GameName = 'kraken' | 'gurka';

/** One seat as the table's viewers see it (the server's `SeatOut`). */
export type SeatView = Schemas['SeatOut'];

/** A table as its viewers see it (the server's `TableOut`), of a game this client plays. */
export type TableView = Omit<Schemas['TableOut'], 'game' | 'seats'> & {
  game: GameName;
  seats: SeatView[];
};

export interface KrakenTrick {
  leader: number;
  cards: string[];
  winner: number;
  points: number;
  roem: number;
}

export interface GurkaTrick {
  leader: number;
  plays: [number, string][];
  taker: number;
  scorers: number[];
}

export interface KrakenObservation {
  game: 'kraken';
  seat: number;
  rules: Record<string, unknown>;
  dealer: number;
  phase: 'trump' | 'challenge' | 'roem' | 'play' | 'done' | string;
  to_move: number | null;
  hand: string[];
  legal_actions: string[];
  trump: string | null;
  declarer: number | null;
  multiplier: number;
  proposed: string | null;
  turned: string[];
  actions: [number, string][];
  tricks: KrakenTrick[];
  trick: [number, string][];
  declared_roem: Record<string, number>;
  roem_asked: number[];
  card_points: [number, number];
  roem: [number, number];
}

export interface GurkaObservation {
  game?: 'gurka';
  seat: number;
  to_move: number | null;
  legal_actions: string[];
  phase: 'play' | 'buyback' | 'over' | 'done' | string;
  rules: Record<string, unknown>;
  dealer: number;
  seats_in_round: number[];
  hand: string[];
  hand_sizes: number[];
  leader: number | null;
  trick: [number, string][];
  tricks: GurkaTrick[];
  tricks_total: number;
  round_penalties: number[];
  scores: number[] | null;
  alive: number[] | null;
  pot: number | null;
  chips: number[] | null;
  buybacks: number[] | null;
  round_number: number | null;
  winners: number[] | null;
}

export type Observation = KrakenObservation | GurkaObservation;

export function isKraken(o: Observation | null | undefined): o is KrakenObservation {
  return !!o && (o as KrakenObservation).game === 'kraken';
}

/** What an observation holds that a spectator's view has not (the hand, the legal
 * actions, the histories the events tell). */
type Private = 'hand' | 'legal_actions' | 'actions' | 'tricks' | 'turned' | 'seat';

/** What everyone sees of a game now (the contract, the trick, points, roem, pot): a
 * spectator's `view`. */
export type KrakenView = Omit<KrakenObservation, Private>;
export type GurkaView = Omit<GurkaObservation, Private>;
export type PublicView = KrakenView | GurkaView;

export function isKrakenView(v: PublicView | null | undefined): v is KrakenView {
  return !!v && (v as KrakenView).game === 'kraken';
}

export interface KrakenRoundResult {
  card_points: [number, number];
  roem: [number, number];
  points: [number, number];
  declarers: number | null;
  nat: boolean;
  mars: number | null;
  multiplier: number;
}

export interface GurkaRoundResult {
  penalties: number[];
}

export type RoundResult = KrakenRoundResult | GurkaRoundResult;

export interface KrakenGameResult {
  scores: number[];
  winner: number | null;
  rounds: KrakenRoundResult[];
  /** The seat that resigned (for its team), when the game ended so. */
  resigned?: number;
  /** The seat whose game clock ran out (it also `resigned`). */
  flagged?: number;
}

export interface GurkaGameResult {
  scores: number[];
  chips: number[];
  winners: number[];
  buybacks: number[];
  resigned?: number;
  flagged?: number;
}

export type GameResult = KrakenGameResult | GurkaGameResult;

export type GameEvent =
  | { type: 'action'; seat: number; action: string }
  | { type: 'trick'; trick: KrakenTrick | GurkaTrick }
  | { type: 'round'; number: number; result: RoundResult }
  | { type: 'game_over'; result: GameResult }
  | { type: 'timeout'; seat: number }
  /** A player put out of the game (Gurka); a buy-back brings them in again. */
  | { type: 'out'; seat: number };

/** The game clock's times when the server sent a message: seconds left per seat
 * (null: no clock), the seat whose time runs, the server's time. */
export type GameClock = Schemas['GameClockOut'];

export type ChatRoom = Schemas['ChatOut']['channel'];

/** A chat line; `id` orders a table's lines (a line of the history and the same line
 * live are one). */
export type ChatMessage = Schemas['ChatOut'];

/** A table's full state for this client: its seat's observation only. */
export type StateMessage = Omit<Schemas['StateOut'], 'table' | 'observation' | 'result' | 'view'> & {
  table: TableView;
  observation: Observation | null;
  result?: GameResult | null;
  view?: PublicView | null;
};

export type UpdateMessage = Omit<Schemas['UpdateOut'], 'events' | 'observation' | 'view'> & {
  events: GameEvent[];
  observation?: Observation | null;
  view?: PublicView | null;
};

export type AckMessage = Schemas['AckOut'];

export type SeatMessage = Omit<Schemas['SeatMessageOut'], 'table'> & { table: TableView };

/** What the client words itself (`seat` counted from 0, `action`, `seconds`). */
export interface RefusalDetails {
  seat?: number | null;
  action?: string;
  /** The rule an illegal action breaks (the engine's code, as `follow_suit`). */
  rule?: string;
  /** The actions that may be taken instead. */
  legal?: string[];
  seconds?: number;
  retry_after?: number;
}

export type ErrorMessage = Omit<Schemas['ErrorMessageOut'], 'details'> & {
  details?: RefusalDetails | null;
};

export type ServerMessage =
  | StateMessage
  | UpdateMessage
  | AckMessage
  | SeatMessage
  | ChatMessage
  | ErrorMessage
  | Schemas['PongOut'];

/** A quick-play seek as its seeker sees it. */
export type Seek = Schemas['SeekOut'];

/** Who is online, and who is looking for a game. */
export type Online = Schemas['OnlineOut'];

/** The first message on every connection (the socket's address has no credentials). */
export type AuthMessage = Schemas['AuthMessage'];

export type ClientMessage = Schemas['ClientMessage'];

/** Whether a protocol action text is a card (such as "JH" or "TD"). */
export function isCardAction(action: string): boolean {
  return /^[2-9TJQKA][CDHS]$/.test(action);
}
