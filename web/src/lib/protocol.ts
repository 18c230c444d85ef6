// The server's protocol (docs/server-protocol.md), as TypeScript types.
// Observations are exactly the engines' Observation.to_dict() of each game.

export type GameName = 'kraken' | 'gurka';

export interface SeatView {
  seat: number;
  kind: 'human' | 'bot' | 'external';
  user_id: string | null;
  name: string | null;
  level: string | null;
  open: boolean;
  connected: boolean;
  controller: 'player' | 'bot';
  /** During a game, when (server clock, seconds) the seat's player left: the owner may
   * give the seat to a bot once they have been away `claim_after` seconds. */
  away_since?: number | null;
  /** Taken by nobody yet, and kept: for the invite's holders, a named player or a bot. */
  reserved?: boolean;
  reservation?: 'invite' | 'player' | 'bot' | null;
}

export interface TableView {
  id: string;
  game: GameName;
  rules: Record<string, unknown>;
  status: 'waiting' | 'playing' | 'finished' | string;
  public: boolean;
  turn_timer: number | null;
  /** The game clock chosen for the table (seconds), or null. */
  clock?: { initial: number; increment: number } | null;
  game_id: string | null;
  game_number: number;
  seats: SeatView[];
  owner_id?: string | null;
  owner?: { id: string; name: string | null };
  /** Spectators chat among themselves (`apart`) or not at all (`off`). */
  spectator_chat?: 'apart' | 'off';
  /** In the lobby's live games: how many people watch. */
  spectators?: number;
  /** Open proposals (`abort`, `rematch`) and the seats whose people agreed. */
  proposals?: Record<string, number[]>;
  /** Seconds a player to move may stay idle before the others may let a bot play. */
  claim_after?: number;
}

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
  | { type: 'timeout'; seat: number };

export interface StateMessage {
  v: 1;
  type: 'state';
  table: TableView;
  seat: number | null;
  game_id: string | null;
  version: number;
  to_move: number | null;
  observation: Observation | null;
  result?: GameResult;
  /** When the seat to move runs out of time (epoch seconds), at tables with a timer. */
  deadline?: number | null;
  /** The latest chat lines of the client's room, oldest first. */
  chat?: ChatMessage[];
  /** The empty seat kept for us by name (the table never says for whom). */
  kept?: number | null;
  clock?: GameClock | null;
}

/** The game clock's times when the server sent a message: seconds left per seat
 * (null: no clock), the seat whose time runs, the server's time. */
export interface GameClock {
  remaining: (number | null)[];
  running: number | null;
  at: number;
}

export interface UpdateMessage {
  v: 1;
  type: 'update';
  game_id: string;
  version: number;
  to_move: number | null;
  events: GameEvent[];
  observation?: Observation;
  deadline?: number | null;
  clock?: GameClock | null;
}

export interface AckMessage {
  v: 1;
  type: 'ack';
  id: string;
  version: number;
  duplicate: boolean;
  action?: string;
}

export interface SeatMessage {
  v: 1;
  type: 'seat';
  seat: number;
  controller: 'bot' | 'player';
  table: TableView;
}

export type ChatRoom = 'players' | 'spectators';

export interface ChatMessage {
  v: 1;
  type: 'chat';
  /** Orders a table's lines: a line of the history and the same line live are one. */
  id: number;
  channel: ChatRoom;
  from: { user_id: string; name: string; seat: number | null };
  text: string;
}

export interface ErrorMessage {
  v: 1;
  type: 'error';
  code: string;
  message: string;
  /** What the client words itself (`seat` counted from 0, `action`). */
  details?: RefusalDetails;
}

export interface RefusalDetails {
  seat?: number | null;
  action?: string;
}

export type ServerMessage =
  | StateMessage
  | UpdateMessage
  | AckMessage
  | SeatMessage
  | ChatMessage
  | ErrorMessage
  | { v: 1; type: 'pong' };

/** The first message on every connection (the socket's address has no credentials). */
export interface AuthMessage {
  v: 1;
  type: 'auth';
  token?: string;
  invite?: string;
}

export type ClientMessage =
  | AuthMessage
  | { type: 'action'; id: string; action: string }
  | { type: 'chat'; text: string }
  | { type: 'ping' }
  | { type: 'sync' };

/** Whether a protocol action text is a card (such as "JH" or "TD"). */
export function isCardAction(action: string): boolean {
  return /^[2-9TJQKA][CDHS]$/.test(action);
}
