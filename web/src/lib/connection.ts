// One table's WebSocket, kept open: it reconnects by itself with backoff after a
// drop, resends the actions the server has not acknowledged (with their ids, so the
// server applies each once), and keeps the line alive with pings.
//
// The socket's address carries no credentials (access logs write addresses down):
// the first message on every connection is `auth`, with the session token and the
// table's invite, and nothing is sent before it.

import { Backoff } from './backoff';
import type { AuthMessage, ClientMessage, ServerMessage } from './protocol';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

/** What the auth message says (asked again at each attempt); the cookie may do without. */
export interface Credentials {
  token?: string | null;
  invite?: string | null;
}

export interface ConnectionOptions {
  /** The socket URL (asked again at each attempt), without credentials. */
  url: () => string;
  /** The credentials of the first message of each connection. */
  auth?: () => Credentials;
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: ConnectionStatus, detail?: { code?: number; retryIn?: number }) => void;
  createSocket?: (url: string) => SocketLike;
  backoff?: Backoff;
  pingEvery?: number;
  /** Close and reconnect when nothing came for this long (ms). */
  silenceLimit?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

const OPEN = 1;
/** Close codes after which trying again cannot help (bad token, not allowed, no table). */
export const FATAL_CODES = new Set([4401, 4403, 4404]);

let counter = 0;
const pageId = Math.random().toString(36).slice(2, 8);

/** The first message of a connection: who we are, and the invite of a private table. */
export function authMessage(credentials: Credentials): AuthMessage {
  const message: AuthMessage = { v: 1, type: 'auth' };
  if (credentials.token) message.token = credentials.token;
  if (credentials.invite) message.invite = credentials.invite;
  return message;
}

/** A fresh action id (unique to this page load). */
export function newActionId(): string {
  counter += 1;
  return `${pageId}-${Date.now().toString(36)}-${counter}`;
}

export class TableConnection {
  status: ConnectionStatus = 'connecting';
  private socket: SocketLike | null = null;
  /** Whether the auth message went out on the current socket (nothing goes before it). */
  private authSent = false;
  private stopped = false;
  private readonly pending = new Map<string, ClientMessage>();
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastHeard = 0;
  private readonly backoff: Backoff;
  private readonly opts: Required<Omit<ConnectionOptions, 'onStatus' | 'backoff'>> &
    Pick<ConnectionOptions, 'onStatus'>;

  constructor(options: ConnectionOptions) {
    this.backoff = options.backoff ?? new Backoff();
    this.opts = {
      auth: () => ({}),
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      pingEvery: 20_000,
      silenceLimit: 50_000,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
      ...options,
    };
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(1000);
    }
    this.setStatus('closed');
  }

  /** Try again now (after the browser came back online, say). */
  reconnectNow(): void {
    if (this.stopped || this.status === 'open' || this.status === 'connecting') return;
    if (this.retryTimer !== null) this.opts.clearTimer(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /** Actions sent but not yet acknowledged. */
  get unacknowledged(): number {
    return this.pending.size;
  }

  /** Send an action; it is resent after a reconnect until acknowledged. */
  act(action: string): string {
    const id = newActionId();
    const message: ClientMessage = { type: 'action', id, action };
    this.pending.set(id, message);
    this.send(message);
    return id;
  }

  /** Send a message if the socket is open and authenticated (chat, sync); false when it is not. */
  send(message: ClientMessage): boolean {
    if (this.socket && this.authSent && this.socket.readyState === OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  private setStatus(status: ConnectionStatus, detail?: { code?: number; retryIn?: number }): void {
    this.status = status;
    this.opts.onStatus?.(status, detail);
  }

  private open(): void {
    this.clearTimers();
    this.setStatus(this.backoff.attempts ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.authSent = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify(authMessage(this.opts.auth())));
      this.authSent = true;
      this.lastHeard = this.opts.now();
      this.schedulePing();
    };
    socket.onmessage = (ev) => {
      this.lastHeard = this.opts.now();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'state') {
        if (this.status !== 'open') this.setStatus('open');
        this.backoff.reset();
        // the server has our seat's state: resend what it never acknowledged
        for (const pending of this.pending.values()) this.send(pending);
      } else if (message.type === 'ack') {
        this.pending.delete(message.id);
      } else if (message.type === 'error') {
        // refused (the move, or a message sent with it): it will not be applied, so
        // stop resending it; the player may choose again
        this.pending.clear();
      }
      this.opts.onMessage(message);
    };
    socket.onerror = () => {
      /* a close follows */
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authSent = false;
      this.clearTimers();
      if (this.stopped) return;
      if (FATAL_CODES.has(ev.code)) {
        this.setStatus('closed', { code: ev.code });
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    const delay = this.backoff.next();
    this.setStatus('reconnecting', { retryIn: delay });
    this.retryTimer = this.opts.setTimer(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private schedulePing(): void {
    this.pingTimer = this.opts.setTimer(() => {
      this.pingTimer = null;
      if (!this.socket) return;
      if (this.opts.now() - this.lastHeard > this.opts.silenceLimit) {
        // the line is dead without a close: drop it and reconnect
        const socket = this.socket;
        socket.close(4000);
        socket.onclose?.({ code: 4000 });
        return;
      }
      this.send({ type: 'ping' });
      this.schedulePing();
    }, this.opts.pingEvery);
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) this.opts.clearTimer(this.retryTimer);
    if (this.pingTimer !== null) this.opts.clearTimer(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }
}
