// The player's settings, kept in localStorage: language, four-colour suits, animations.

import { effect, signal } from '@preact/signals';
import { isLang, lang, pickLanguage, RTL, type Lang } from '../i18n';
import { load, save } from './storage';

const KEY = 'cardtable.settings';

export interface Settings {
  language: Lang | 'auto';
  fourColour: boolean;
  animations: boolean;
}

const stored = load<Partial<Settings>>(KEY, {});

export const settings = signal<Settings>({
  language: isLang(stored.language) ? stored.language : 'auto',
  fourColour: stored.fourColour ?? false,
  animations: stored.animations ?? true,
});

export function updateSettings(change: Partial<Settings>): void {
  settings.value = { ...settings.value, ...change };
  save(KEY, settings.value);
}

/** The system asks for reduced motion. */
export const reducedMotion = signal(
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
);

export function animate(): boolean {
  return settings.value.animations && !reducedMotion.value;
}

/** Apply the settings to the document: language, direction, card colours, motion. */
export function applySettings(): void {
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-reduced-motion: reduce)').addEventListener?.('change', (e) => {
      reducedMotion.value = e.matches;
    });
  }
  effect(() => {
    const choice = settings.value.language;
    const chosen = choice === 'auto' ? pickLanguage(navigator.languages) : choice;
    lang.value = chosen;
    const root = document.documentElement;
    root.lang = chosen;
    root.dir = RTL.has(chosen) ? 'rtl' : 'ltr';
    root.classList.toggle('four-colour', settings.value.fourColour);
    root.classList.toggle('no-motion', !animate());
  });
}
