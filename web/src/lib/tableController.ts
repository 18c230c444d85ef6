// One open table: its socket (kept alive), the reduced state as a signal, what the
// live region says, the completed trick held for a moment, and the HTTP calls of a
// table (join, start, rematch, the game score). The invite the table was opened with
// goes in the socket's auth message, the join's body and the X-Invite header of reads.

import { batch, signal } from '@preact/signals';
import { t } from '../i18n';
import { api } from './api';
import { TableConnection, type ConnectionStatus } from './connection';
import { describeEvent } from './describe';
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

  private connection: TableConnection | null = null;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  private lastLogId = 0;
  private noticeId = 0;
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
      auth: () => ({ token: session.value?.token, invite: this.invite }),
      onMessage: (m) => this.receive(m),
      onStatus: (status, detail) => {
        this.status.value = status;
        if (status === 'closed' && detail?.code) {
          // a session the server no longer knows: ask for a name again (the table
          // screen comes back with the new session)
          if (detail.code === 4401) setSession(null);
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
  }

  /** Reconnect from scratch (after taking a seat the socket must know our seat). */
  restart(): void {
    this.start();
  }

  act(action: string): void {
    this.connection?.act(action);
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

  say(text: string): void {
    this.noticeId += 1;
    this.notice.value = { text, id: this.noticeId };
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

  async rematch(): Promise<void> {
    await api(`/api/tables/${this.tableId}/rematch`, { body: {} });
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
    if (message.type === 'seat') {
      const who = next.table?.seats[message.seat];
      const name = who?.name ?? String(message.seat + 1);
      sentences.push(message.controller === 'bot' ? t('ev.botTakesOver', { seat: name }) : t('ev.playerBack', { seat: name }));
    }
    if (myTurn(next) && !(myTurn(before) && before.version === next.version)) sentences.push(t('ev.yourTurn'));
    if (sentences.length) this.announcement.value = sentences.join(' ');
  }
}
