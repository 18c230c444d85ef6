// The language menu (header and settings): "automatic" (the browser's language) or
// one of the five, each named in its own language.

import { CATALOGS, LANGUAGES, t } from '../i18n';
import { settings, updateSettings, type Settings } from '../lib/settings';

export function LanguageSelect(props: { id?: string; testId?: string }) {
  return (
    <select
      id={props.id}
      data-testid={props.testId}
      value={settings.value.language}
      onChange={(e) => updateSettings({ language: (e.target as HTMLSelectElement).value as Settings['language'] })}
    >
      <option value="auto">{t('set.auto')}</option>
      {LANGUAGES.map((l) => (
        <option value={l} lang={l}>
          {CATALOGS[l]['lang.name']}
        </option>
      ))}
    </select>
  );
}
