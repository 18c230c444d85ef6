// The sheets kept in this browser (localStorage), with an undo history per sheet for
// this page's life. Every change goes through `change`, which scores the changed sheet
// first: a refused entry throws and nothing is saved.

import { signal } from '@preact/signals';
import { load, save } from '../lib/storage';
import { checkSheet, type Sheet, type StoredSheet } from './document';

const KEY = 'cardtable.sheets';
const UNDO_DEPTH = 100;

/** Every sheet of this browser, by local id. */
export const sheets = signal<Record<string, StoredSheet>>(load<Record<string, StoredSheet>>(KEY, {}));

const undo = new Map<string, Sheet[]>();
/** Bumped when an undo history changes, so that the Undo button follows. */
export const undoVersion = signal(0);

/** Told of every change of a sheet's content (the server sync). */
const listeners = new Set<(stored: StoredSheet) => void>();

export function onSheetChanged(listener: (stored: StoredSheet) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function write(next: Record<string, StoredSheet>): void {
  sheets.value = next;
  save(KEY, next);
}

function newId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keep a new sheet (checked first); returns its local id. `notify`: tell the sync (not for a sheet that comes from the server). */
export function addSheet(sheet: Sheet, serverId: string | null = null, notify = true): string {
  checkSheet(sheet);
  const now = new Date().toISOString();
  const stored: StoredSheet = { id: newId(), created: now, updated: now, sheet, serverId };
  write({ ...sheets.value, [stored.id]: stored });
  if (notify) for (const listener of listeners) listener(stored);
  return stored.id;
}

/** Record what the server knows of a sheet (its id there) without telling the sync. */
export function updateStored(id: string, patch: Partial<Omit<StoredSheet, 'id'>>): void {
  const stored = sheets.value[id];
  if (stored) write({ ...sheets.value, [id]: { ...stored, ...patch } });
}

function keep(id: string, sheet: Sheet): void {
  const stored = { ...sheets.value[id], sheet, updated: new Date().toISOString() };
  write({ ...sheets.value, [id]: stored });
  for (const listener of listeners) listener(stored);
}

/**
 * Change a sheet: `update` returns the new sheet; it is scored (`fresh`: the number of
 * the round entered or changed) and kept only if no round is refused.
 */
export function change(id: string, update: (sheet: Sheet) => Sheet, fresh: number | null): void {
  const before = sheets.value[id]?.sheet;
  if (!before) throw new Error(`no sheet ${id}`);
  const after = update(before);
  checkSheet(after, fresh);
  const history = undo.get(id) ?? [];
  history.push(before);
  if (history.length > UNDO_DEPTH) history.shift();
  undo.set(id, history);
  undoVersion.value++;
  keep(id, after);
}

export function canUndo(id: string): boolean {
  void undoVersion.value;
  return (undo.get(id)?.length ?? 0) > 0;
}

/** Go back to the sheet before its last change. */
export function undoChange(id: string): void {
  const previous = undo.get(id)?.pop();
  undoVersion.value++;
  if (previous) keep(id, previous);
}

export function deleteSheet(id: string): void {
  const next = { ...sheets.value };
  delete next[id];
  undo.delete(id);
  write(next);
}
