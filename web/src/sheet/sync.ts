// Keeping sheets on the server for an account (docs/sheet.md, "Server"): with an
// account's session, every change of a sheet is saved there (PUT, or POST for a new
// one), and the account's sheets that this browser lacks are fetched, so that another
// device opens them. Without an account, or when the server cannot be reached, the
// sheet simply stays in this browser: the page never waits for the server.
//
// This browser's copy wins: a change made here is saved over the server's (a
// conflict is retried without the revision), since a sheet is filled in on one
// phone at a time.

import { api, ApiError } from '../lib/api';
import { session } from '../lib/session';
import type { Sheet, StoredSheet } from './document';
import { addSheet, deleteSheet, onSheetChanged, sheets, updateStored } from './store';

interface ServerSheet {
  id: string;
  revision: number;
  updated: string;
  sheet: Sheet;
  share: string | null;
}

interface ServerListing {
  sheets: { id: string; game: string; title: string; revision: number; updated: string; shared: boolean }[];
}

/** Whether the session is an account's (guests and bots keep sheets in the browser only). */
export function hasAccount(): boolean {
  return session.value?.user.kind === 'account';
}

const pending = new Map<string, ReturnType<typeof setTimeout>>();
/** Each sheet's saves, one after the other (so that a new sheet is created once). */
const queues = new Map<string, Promise<void>>();

/** Save the latest version of a sheet after any save of it under way. */
function save(id: string): Promise<void> {
  const next = (queues.get(id) ?? Promise.resolve()).then(() => {
    const latest = sheets.value[id];
    return latest ? send(latest) : undefined;
  });
  queues.set(id, next);
  return next;
}

async function send(stored: StoredSheet): Promise<void> {
  if (!hasAccount()) return;
  try {
    let saved: ServerSheet;
    if (!stored.serverId) {
      saved = await api<ServerSheet>('/api/sheets', { body: { sheet: stored.sheet } });
    } else {
      try {
        saved = await api<ServerSheet>(`/api/sheets/${encodeURIComponent(stored.serverId)}`, { method: 'PUT', body: { sheet: stored.sheet, revision: stored.revision } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        saved = await api<ServerSheet>(`/api/sheets/${encodeURIComponent(stored.serverId)}`, { method: 'PUT', body: { sheet: stored.sheet } });
      }
    }
    updateStored(stored.id, { serverId: saved.id, revision: saved.revision });
  } catch {
    /* offline or refused: the sheet stays in this browser, saved with its next change */
  }
}

/** Save a sheet soon (changes in quick succession are saved once). */
function saveSoon(stored: StoredSheet): void {
  clearTimeout(pending.get(stored.id));
  pending.set(
    stored.id,
    setTimeout(() => {
      pending.delete(stored.id);
      void save(stored.id);
    }, 300),
  );
}

let pulling: Promise<void> = Promise.resolve();

/** Pull once after any pull under way (so that two pulls never add the same sheet twice). */
function pull(): Promise<void> {
  pulling = pulling.then(pullNow);
  return pulling;
}

/** Bring in the account's sheets that this browser lacks, and save the ones the server lacks. */
async function pullNow(): Promise<void> {
  if (!hasAccount()) return;
  try {
    const listing = await api<ServerListing>('/api/sheets');
    // a sheet being created now is not the server's only
    await Promise.all(queues.values());
    const known = new Set(Object.values(sheets.value).map((s) => s.serverId));
    for (const item of listing.sheets) {
      if (known.has(item.id)) continue;
      const full = await api<ServerSheet>(`/api/sheets/${encodeURIComponent(item.id)}`);
      const id = addSheet(full.sheet, full.id, false);
      updateStored(id, { revision: full.revision });
    }
    for (const stored of Object.values(sheets.value)) if (!stored.serverId) await save(stored.id);
  } catch {
    /* offline: the browser's sheets are all there is for now */
  }
}

let started = false;

/** Start keeping sheets on the server (once per page; nothing without an account). */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  onSheetChanged(saveSoon);
  window.addEventListener('online', () => void pull());
  session.subscribe(() => void pull());
}

/** Delete a sheet here, and on the server when it is kept there. */
export async function deleteEverywhere(stored: StoredSheet): Promise<void> {
  deleteSheet(stored.id);
  if (stored.serverId && hasAccount()) {
    try {
      await api(`/api/sheets/${encodeURIComponent(stored.serverId)}`, { method: 'DELETE' });
    } catch {
      /* already gone, or offline: the server keeps it until deleted there */
    }
  }
}

/** Make (or get) the read-only link of a sheet kept on the server: its full address. */
export async function shareLink(stored: StoredSheet): Promise<string> {
  clearTimeout(pending.get(stored.id));
  pending.delete(stored.id);
  await save(stored.id);
  const serverId = sheets.value[stored.id]?.serverId;
  if (!serverId) throw new ApiError('network', 'not saved', 0);
  const share = await api<{ token: string; path: string }>(`/api/sheets/${encodeURIComponent(serverId)}/share`, { body: {} });
  return new URL(share.path, window.location.origin).href;
}

/** Revoke the read-only link: the old address then shows nothing. */
export async function stopSharing(stored: StoredSheet): Promise<void> {
  if (stored.serverId) await api(`/api/sheets/${encodeURIComponent(stored.serverId)}/share`, { method: 'DELETE' });
}

/** A shared sheet as the read-only link shows it. */
export interface SharedSheet {
  revision: number;
  updated: string;
  sheet: Sheet;
}

/** Read a shared sheet: null when unchanged since `since` (the token is sent in the path, which the server's log blanks). */
export async function readShared(token: string, since: number | null): Promise<SharedSheet | null> {
  const query = since === null ? '' : `?since=${since}`;
  const data = await api<SharedSheet & { changed?: boolean }>(`/api/sheets/shared/${encodeURIComponent(token)}${query}`);
  return data.changed === false ? null : data;
}
