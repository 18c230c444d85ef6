// The HTTP API (docs/server-protocol.md) with the session's bearer token, and a
// private table's invite in the X-Invite header (never in the query, which the
// server's access log writes down). Errors come back as ApiError with the server's
// code and message.

import { forgetInvites } from './invites';
import type { RefusalDetails } from './protocol';
import { session, setSession, type Session } from './session';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** The invite of the private table the request reads (sent as X-Invite). */
  invite?: string | null;
}

/** The headers of a request: JSON, the session's bearer token, the invite. */
export function apiHeaders(init: ApiInit = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.value?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.invite) headers['X-Invite'] = init.invite;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const token = session.value?.token;
  const headers = apiHeaders(init);
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch (error) {
    throw new ApiError('network', String(error), 0);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: RefusalDetails } } | null)?.error;
    // the session ended (not a wrong password, which is 401 too)
    if (response.status === 401 && token && (err?.code ?? 'unauthorized') === 'unauthorized') setSession(null);
    throw new ApiError(err?.code ?? `http_${response.status}`, err?.message ?? response.statusText, response.status, err?.details ?? {});
  }
  return data as T;
}

/** Play as a guest called `name`; the session is kept. */
export async function becomeGuest(name: string): Promise<Session> {
  return keep(await api<Session>('/api/guest', { body: { name } }));
}

/** Create an account and keep its session. */
export async function register(username: string, password: string, name: string): Promise<Session> {
  return keep(await api<Session>('/api/register', { body: { username, password, name: name || undefined } }));
}

/** Log in to an account (on this device too: every device has its own session). */
export async function login(username: string, password: string): Promise<Session> {
  return keep(await api<Session>('/api/login', { body: { username, password } }));
}

/** Make this guest an account, keeping its games and rating (the session is renewed). */
export async function upgradeGuest(username: string, password: string): Promise<Session> {
  return keep(await api<Session>('/api/me/upgrade', { body: { username, password } }));
}

/** A new password; the other devices' sessions end and this one is renewed. */
export async function changePassword(current: string, password: string): Promise<Session> {
  return keep(await api<Session>('/api/me/password', { body: { current, password } }));
}

/** A new name, shown at once at the tables where we sit. */
export async function changeName(name: string): Promise<void> {
  const result = await api<{ user: Session['user'] }>('/api/me/name', { body: { name } });
  if (session.value) setSession({ ...session.value, user: result.user });
}

function keep(result: Session): Session {
  setSession({ token: result.token, user: result.user });
  return result;
}

/** Check that the kept session is still valid (the server may have a new database). */
export async function checkSession(): Promise<void> {
  const kept = session.value;
  if (!kept) return;
  try {
    // the name may have changed on another device
    const user = await api<Session['user']>('/api/me');
    if (session.value?.token === kept.token) setSession({ ...kept, user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) setSession(null);
  }
}

/** Log out: the server ends the session (and clears its cookie); the local session
 * and the remembered invites go whatever the server answered. */
export async function logout(): Promise<void> {
  try {
    if (session.value) await api('/api/logout', { body: {} });
  } catch {
    /* gone already, or the server is away: forget it here all the same */
  } finally {
    forgetInvites();
    setSession(null);
  }
}
