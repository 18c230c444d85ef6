// The catalogs and the current language. `t(key, params)` reads the language signal,
// so every component that calls it follows a change of language at once.

import { signal } from '@preact/signals';
import { ar } from './ar';
import { en, type Catalog, type MessageKey } from './en';
import { fr } from './fr';
import { nl } from './nl';
import { pt } from './pt';

export type { MessageKey } from './en';

export const LANGUAGES = ['en', 'nl', 'fr', 'pt', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const CATALOGS: Record<Lang, Catalog> = { en, nl, fr, pt, ar };

/** Languages written right to left. */
export const RTL: ReadonlySet<Lang> = new Set<Lang>(['ar']);

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages (`navigator.languages`) that we have. */
export function pickLanguage(preferred: readonly string[] | undefined): Lang {
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

export type Params = Record<string, string | number>;

/** Fill the {placeholders} of a template. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate(language: Lang, key: MessageKey, params?: Params): string {
  const template = CATALOGS[language][key] ?? en[key] ?? key;
  return format(template, params);
}

/** The language the page is shown in. */
export const lang = signal<Lang>('en');

export function t(key: MessageKey, params?: Params): string {
  return translate(lang.value, key, params);
}

/** For keys built at run time (rule fields, levels): the key if it exists, else null. */
export function tMaybe(key: string, params?: Params): string | null {
  return key in en ? t(key as MessageKey, params) : null;
}

/** A list joined for the current language. */
export function joinList(items: string[]): string {
  try {
    return new Intl.ListFormat(lang.value, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}
