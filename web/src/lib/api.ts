// The HTTP API (docs/server-protocol.md) with the session's bearer token. Errors come
// back as ApiError with the server's code and message.

import { session, setSession, type Session } from './session';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.value?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
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
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    if (response.status === 401 && token) setSession(null);
    throw new ApiError(err?.code ?? `http_${response.status}`, err?.message ?? response.statusText, response.status);
  }
  return data as T;
}

/** Play as a guest called `name`; the session is kept. */
export async function becomeGuest(name: string): Promise<Session> {
  const result = await api<Session>('/api/guest', { body: { name } });
  setSession({ token: result.token, user: result.user });
  return result;
}

/** Check that the kept session is still valid (the server may have a new database). */
export async function checkSession(): Promise<void> {
  if (!session.value) return;
  try {
    await api('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) setSession(null);
  }
}
