import { describe, expect, it } from 'vitest';
import { foldSearchText, productSearchText, searchTerms } from './search-fold.js';

describe('foldSearchText', () => {
  it.each([
    ['mid-tower', 'midtower'],
    ['mid tower', 'midtower'],
    ['Midtower', 'midtower'],
    ['Mini-ITX', 'miniitx'],
    ['mini itx', 'miniitx'],
    ['120 mm', '120mm'],
    ['120mm', '120mm'],
    ['750 W', '750w'],
    ['750w', '750w'],
    ['80+ Gold', '80plus gold'],
    ['80 PLUS Gold', '80plus gold'],
    ['ATX 3.1', 'atx 3.1'],
    ['3 × 120 mm front', '3 120mm front'],
    ['Über KÜHL', 'uber kuhl'],
    ['PC-750-GM', 'pc750gm'],
    ["customer's", 'customers'],
    ['OVP/UVP/SCP', 'ovp uvp scp'],
    ['  spaced   out  ', 'spaced out'],
    ['%_-"', ''],
  ])('folds %j to %j', (text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
  });

  it('leaves a number apart from a word that is no unit', () => {
    expect(foldSearchText('bq-2 still')).toBe('bq2 still');
    expect(foldSearchText('2 fans')).toBe('2 fans');
  });
});

describe('productSearchText', () => {
  it('keeps fields apart, so a word never matches across two', () => {
    const text = productSearchText({
      name: 'Compact Mid',
      description: 'Tower of power',
      sku: 'CM-1',
      specs: [{ name: 'Wattage', value: '750 W' }],
      category: 'power-supplies',
    });
    expect(text).toBe(
      'compact mid | cm1 | tower of power | wattage 750w | power supplies power supply',
    );
    expect(text).not.toContain('midtower');
  });
});

describe('searchTerms', () => {
  const synonyms = [
    { term: 'psu', expansion: 'power supply' },
    { term: 'mid tower', expansion: 'midi tower' },
  ];

  it('makes each word a term, a synonym an alternative, either way round', () => {
    expect(searchTerms('PSU 750W', synonyms)).toEqual([['psu', 'power supply'], ['750w']]);
    expect(searchTerms('atx power supply', synonyms)).toEqual([['atx'], ['power supply', 'psu']]);
    expect(searchTerms('mid-tower', synonyms)).toEqual([['midtower', 'miditower']]);
  });

  it('drops a repeated term and finds no term in signs alone', () => {
    expect(searchTerms('psu power supply', synonyms)).toEqual([['psu', 'power supply']]);
    expect(searchTerms('fan fan')).toEqual([['fan']]);
    expect(searchTerms('%%')).toEqual([]);
  });
});
