// What one does with a whole sheet: export it (CSV, JSON), print it, share a
// read-only link (with an account), delete it.

import { t } from '../i18n';
import { navigate } from '../lib/router';
import type { StoredSheet } from '../sheet/document';
import { download, fileName, sheetCsv } from '../sheet/export';
import { deleteEverywhere } from '../sheet/sync';
import { ShareLink } from './SheetShare';

export function SheetTools({ stored, readOnly }: { stored: StoredSheet; readOnly: boolean }) {
  const sheet = stored.sheet;
  return (
    <section class="card-panel no-print sheet-tools" aria-label={t('sheet.tools')}>
      <div class="row-buttons">
        <button type="button" data-testid="sheet-csv" onClick={() => download(fileName(stored, 'csv'), 'text/csv', sheetCsv(sheet))}>
          {t('sheet.exportCsv')}
        </button>
        <button type="button" data-testid="sheet-json" onClick={() => download(fileName(stored, 'json'), 'application/json', JSON.stringify(sheet, null, 2))}>
          {t('sheet.exportJson')}
        </button>
        <button type="button" data-testid="sheet-print" onClick={() => window.print()}>
          {t('sheet.print')}
        </button>
        {!readOnly && (
          <button
            type="button"
            class="danger"
            data-testid="sheet-delete"
            onClick={() => {
              if (window.confirm(t('sheet.deleteConfirm'))) {
                void deleteEverywhere(stored);
                navigate('/sheet');
              }
            }}
          >
            {t('sheet.deleteSheet')}
          </button>
        )}
      </div>
      {!readOnly && <ShareLink stored={stored} />}
      <p>
        <a href="/sheet">{t('sheet.all')}</a>
      </p>
    </section>
  );
}
