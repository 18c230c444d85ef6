// Shared by the sheet tests.

import { SheetRefusal } from '../src/sheet/errors';

/** The code of the refusal `compute` throws ('accepted' when it throws none). */
export function refusal(compute: () => unknown): string {
  try {
    compute();
  } catch (error) {
    if (error instanceof SheetRefusal) return error.code;
    throw error;
  }
  return 'accepted';
}
