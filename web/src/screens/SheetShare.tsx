// The read-only link of a sheet: with an account the sheet is kept on the server and
// a link lets the other players follow the score live (its token in the fragment,
// which no server log sees). Without an account the page says how to get one.

import { useState } from 'preact/hooks';
import { t } from '../i18n';
import type { StoredSheet } from '../sheet/document';
import { hasAccount, shareLink, stopSharing } from '../sheet/sync';

export function ShareLink({ stored }: { stored: StoredSheet }) {
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!hasAccount()) return <p class="muted small">{t('sheet.shareNeedsAccount')}</p>;
  return (
    <div class="share-link">
      {link ? (
        <>
          <label class="field">
            <span>{t('sheet.shareLink')}</span>
            <input readOnly value={link} data-testid="sheet-share-url" onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </label>
          <div class="row-buttons">
            <button type="button" data-testid="sheet-share-copy" onClick={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}>
              {t('sheet.copy')}
            </button>
            <button
              type="button"
              data-testid="sheet-share-stop"
              onClick={() =>
                void stopSharing(stored).then(
                  () => setLink(null),
                  () => setProblem(t('err.network')),
                )
              }
            >
              {t('sheet.stopSharing')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          data-testid="sheet-share"
          onClick={() =>
            void shareLink(stored).then(
              (url) => {
                setLink(url);
                setProblem(null);
              },
              () => setProblem(t('err.network')),
            )
          }
        >
          {t('sheet.share')}
        </button>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
