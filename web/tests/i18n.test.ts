import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { CATALOGS, format, LANGUAGES, pickLanguage, RTL, translate } from '../src/i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogs', () => {
  for (const lang of LANGUAGES) {
    it(`${lang} has every key, with the same placeholders, and nothing else`, () => {
      const catalog = CATALOGS[lang] as Record<string, string>;
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(typeof catalog[key], key).toBe('string');
        expect(catalog[key].trim().length, key).toBeGreaterThan(0);
        expect(placeholders(catalog[key]), `${lang} ${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('translates: the other languages are not English', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const catalog = CATALOGS[lang] as Record<string, string>;
      const same = Object.keys(en).filter((k) => catalog[k] === (en as Record<string, string>)[k]);
      // words that are the same in many languages (Kraken, Roem, Pot, Total, Mars...) are few
      expect(same.length, `${lang}: ${same.join(', ')}`).toBeLessThan(40);
    }
  });

  it('explains the rules of both games in every language', () => {
    for (const lang of LANGUAGES) {
      const keys = Object.keys(CATALOGS[lang]).filter((k) => k.startsWith('rules.'));
      expect(keys.filter((k) => k.startsWith('rules.kraken.')).length).toBeGreaterThanOrEqual(5);
      expect(keys.filter((k) => k.startsWith('rules.gurka.')).length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('choosing and using a language', () => {
  it('takes the first browser language it has', () => {
    expect(pickLanguage(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(pickLanguage(['ar-EG'])).toBe('ar');
    expect(pickLanguage(['pt_BR'])).toBe('pt');
    expect(pickLanguage(['ja'])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('writes Arabic right to left', () => {
    expect(RTL.has('ar')).toBe(true);
    expect(RTL.has('en')).toBe(false);
  });

  it('fills placeholders', () => {
    expect(format('{seat} plays {card}.', { seat: 'North', card: 'ace' })).toBe('North plays ace.');
    expect(format('{a} {missing}', { a: 1 })).toBe('1 {missing}');
    expect(translate('nl', 'table.round', { number: 2, total: 16 })).toBe('Ronde 2 van 16');
  });
});
