// One open table: its socket (kept alive), the reduced state as a signal, what the
// live region says, the completed trick held for a moment, and the HTTP calls of a
// table (join, start, rematch, the game score). The invite the table was opened with
// goes in the socket's auth message, the join's body and the X-Invite header of reads.

import { batch, signal } from '@preact/signals';
import { t } from '../i18n';
import { api } from './api';
import { TableConnection, type ConnectionStatus } from './connection';
import { describeEvent, seatName } from './describe';
import type { GameResult, ServerMessage, TableView } from './protocol';
import { session, setSession } from './session';
import { animate } from './settings';
import {
  clearError,
  closeSummary,
  initialState,
  myTurn,
  reduce,
  syncSent,
  type DoneTrick,
  type TableState,
} from './tableState';

/** How long a notice stays up (ms). */
const NOTICE_MS = 5000;

export interface ScoreInfo {
  game_id: string | null;
  version: number;
  result: GameResult | null;
}

export class TableController {
  readonly state = signal<TableState>(initialState());
  readonly status = signal<ConnectionStatus>('connecting');
  readonly closedCode = signal<number | null>(null);
  /** The latest sentences for the live region. */
  readonly announcement = signal('');
  /** A trick just completed, shown a moment before the next card. */
  readonly heldTrick = signal<DoneTrick | null>(null);
  readonly score = signal<ScoreInfo | null>(null);
  readonly notice = signal<{ text: string; id: number } | null>(null);
  /** A move was sent and the server has not answered it yet: nothing else goes. */
  readonly sending = signal(false);

  private connection: TableConnection | null = null;
  /** The session token the socket authenticated with. */
  private authToken: string | undefined;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  private lastLogId = 0;
  private noticeId = 0;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private onOnline = () => this.connection?.reconnectNow();

  constructor(
    readonly tableId: string,
    readonly invite: string | null,
  ) {}

  start(): void {
    this.stop();
    this.connection = new TableConnection({
      // no credentials in the address (access logs keep it): the first message says
      // who we are
      url: () => {
        const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
        return `${proto}//${window.location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
      },
      auth: () => {
        this.authToken = session.value?.token;
        return { token: this.authToken, invite: this.invite };
      },
      onMessage: (m) => this.receive(m),
      onStatus: (status, detail) => {
        this.status.value = status;
        if (status === 'closed' && detail?.code) {
          // a session the server no longer knows: ask for a name again (the table
          // screen comes back with the new session); a session replaced meanwhile
          // (a password change) connects again with the new one
          if (detail.code === 4401 && session.value?.token !== this.authToken) this.start();
          else if (detail.code === 4401) setSession(null);
          else this.closedCode.value = detail.code;
        }
      },
    });
    window.addEventListener('online', this.onOnline);
    this.connection.start();
  }

  stop(): void {
    window.removeEventListener('online', this.onOnline);
    this.connection?.stop();
    this.connection = null;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
  }

  /** Reconnect from scratch (after taking a seat the socket must know our seat). */
  restart(): void {
    this.start();
  }

  /**
   * Send a move once: refused (false) while the table is not connected or while the
   * last move waits for its answer, so clicks never queue up.
   */
  act(action: string): boolean {
    if (!this.connection || this.status.value !== 'open' || this.sending.value) return false;
    this.sending.value = true;
    this.connection.act(action);
    return true;
  }

  chat(text: string): void {
    this.connection?.send({ type: 'chat', text });
  }

  closeSummary(): void {
    this.state.value = closeSummary(this.state.value);
  }

  dismissError(): void {
    this.state.value = clearError(this.state.value);
  }

  /** Show `text` a few seconds (a refusal never stays up for tricks on end). */
  say(text: string): void {
    this.noticeId += 1;
    const id = this.noticeId;
    this.notice.value = { text, id };
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => {
      if (this.notice.value?.id === id) this.notice.value = null;
    }, NOTICE_MS);
  }

  /** The owner gives a seat to a bot, or frees it. */
  async setSeat(seat: number, kind: 'bot' | 'open', level?: string): Promise<void> {
    await this.post(`seats/${seat}`, { kind, level });
  }

  /** Get up: the seat is open again before the deal; during a game a bot takes it. */
  async leave(): Promise<void> {
    await this.post('leave');
    this.restart();
  }

  /** Let a bot play a seat whose player has been to move too long. */
  async claim(seat: number): Promise<void> {
    await this.post('claim', { seat });
  }

  /** Take back our seat from the bot that plays it. */
  async takeBack(): Promise<void> {
    await this.post('back');
  }

  async resign(): Promise<void> {
    await this.post('resign');
  }

  /** Propose to abort the game, or agree to the proposal (the owner may abort alone). */
  async abort(): Promise<void> {
    await this.post('abort');
  }

  async decline(proposal: 'abort' | 'rematch'): Promise<void> {
    await this.post('decline', { proposal });
  }

  /** The owner deletes the table (no game in play). */
  async remove(): Promise<void> {
    await api(`/api/tables/${this.tableId}`, { method: 'DELETE' });
  }

  private async post(path: string, body: Record<string, unknown> = {}): Promise<void> {
    await api(`/api/tables/${this.tableId}/${path}`, { body });
  }

  async join(seat: number): Promise<void> {
    await api<{ table: TableView }>(`/api/tables/${this.tableId}/join`, {
      body: { seat, invite: this.invite ?? undefined },
    });
    this.restart();
  }

  async deal(): Promise<void> {
    await api(`/api/tables/${this.tableId}/start`, { body: {} });
  }

  /** Propose a rematch, or accept the one proposed. */
  async rematch(): Promise<void> {
    await this.post('rematch');
  }

  async refreshScore(): Promise<void> {
    try {
      this.score.value = await api<ScoreInfo>(`/api/tables/${this.tableId}/score`, { invite: this.invite });
    } catch {
      this.score.value = null;
    }
  }

  private receive(message: ServerMessage): void {
    const before = this.state.value;
    // a move is in flight until the server answers it (a state resends it)
    this.sending.value = (this.connection?.unacknowledged ?? 0) > 0;
    let next = reduce(before, message, Date.now());
    if (next.needsSync && this.connection?.send({ type: 'sync' })) next = syncSent(next);
    batch(() => {
      this.state.value = next;
      if (next.tricksSeen !== before.tricksSeen && next.lastTrick) this.hold(next.lastTrick);
      this.announce(before, next, message);
    });
    const roundEnded = message.type === 'update' && message.events.some((e) => e.type === 'round' || e.type === 'game_over');
    if (message.type === 'state' || roundEnded) void this.refreshScore();
  }

  private hold(trick: DoneTrick): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.heldTrick.value = trick;
    this.holdTimer = setTimeout(
      () => {
        this.heldTrick.value = null;
        this.holdTimer = null;
      },
      animate() ? 1100 : 800,
    );
  }

  private announce(before: TableState, next: TableState, message: ServerMessage): void {
    const sentences: string[] = [];
    for (const entry of next.log) {
      if (entry.id <= this.lastLogId) continue;
      const text = describeEvent(next.table, entry.event);
      if (text) sentences.push(text);
    }
    if (next.log.length) this.lastLogId = next.log[next.log.length - 1].id;
    const was = before.table?.seats[message.type === 'seat' ? message.seat : -1]?.controller;
    if (message.type === 'seat' && was !== undefined && was !== message.controller) {
      // said when a bot takes the seat over or its player takes it back (a seat
      // message also says a player is connected or away)
      const name = seatName(next.table, message.seat);
      sentences.push(message.controller === 'bot' ? t('ev.botTakesOver', { seat: name }) : t('ev.playerBack', { seat: name }));
    }
    if (myTurn(next) && !(myTurn(before) && before.version === next.version)) sentences.push(t('ev.yourTurn'));
    if (sentences.length) this.announcement.value = sentences.join(' ');
  }
}
