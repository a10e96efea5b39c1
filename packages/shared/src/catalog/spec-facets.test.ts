import { describe, expect, it } from 'vitest';
import { atLeast, facetsFor, normaliseSpec } from './spec-facets.js';

/** ux 2026-11-28 #19: the values buyers compare, read from the values admins typed. */
describe('normaliseSpec', () => {
  it.each([
    ['ATX', 'ATX', []],
    ['ATX mid-tower', 'ATX', ['Mid tower']],
    ['E-ATX full tower', 'E-ATX', ['Full tower']],
    ['E-ATX full tower, dual chamber', 'E-ATX', ['Full tower']],
    ['eATX Full-Tower', 'E-ATX', ['Full tower']],
    ['Micro-ATX tower', 'Micro-ATX', ['Tower']],
    ['mATX mini tower', 'Micro-ATX', ['Mini tower']],
    ['Mini-ITX cube', 'Mini-ITX', ['Cube']],
  ])('reads the case form factor %j as %j and its size', (value, board, size) => {
    expect(normaliseSpec('formFactor', value)).toEqual([board]);
    expect(normaliseSpec('caseSize', value)).toEqual(size);
  });

  it('reads every fan size of a case once, smallest first', () => {
    expect(normaliseSpec('fanSize', '3 × 120 mm front, 1 × 120 mm rear')).toEqual(['120 mm']);
    expect(normaliseSpec('fanSize', '2 × 140 mm low-noise, 1 × 92 mm rear')).toEqual([
      '92 mm',
      '140 mm',
    ]);
    expect(normaliseSpec('fanSize', 'none')).toEqual([]);
  });

  it('reads GPU length and radiator support as the steps they reach', () => {
    expect(normaliseSpec('gpuLength', '330 mm')).toEqual([atLeast(300)]);
    expect(normaliseSpec('gpuLength', 'up to 40 cm')).toEqual([
      atLeast(300),
      atLeast(350),
      atLeast(400),
    ]);
    expect(normaliseSpec('gpuLength', '280 mm')).toEqual([]);
    expect(normaliseSpec('radiator', 'Up to 360 mm front')).toEqual([
      atLeast(240),
      atLeast(280),
      atLeast(360),
    ]);
    expect(normaliseSpec('radiator', 'Up to 240 mm')).toEqual([atLeast(240)]);
  });

  it('reads the power supplies’ wattage, efficiency and modularity', () => {
    expect(normaliseSpec('wattage', ' 750 w')).toEqual(['750 W']);
    expect(normaliseSpec('wattage', '1000 W peak 1100 W')).toEqual(['1000 W']);
    expect(normaliseSpec('efficiency', '80 plus gold')).toEqual(['80 PLUS Gold']);
    expect(normaliseSpec('efficiency', '80+ Platinum (Cybenetics A)')).toEqual([
      '80 PLUS Platinum',
    ]);
    expect(normaliseSpec('efficiency', 'unrated')).toEqual([]);
    expect(normaliseSpec('modularity', 'Fully modular, flat cables')).toEqual(['Fully modular']);
    expect(normaliseSpec('modularity', 'Semi-modular')).toEqual(['Semi-modular']);
    expect(normaliseSpec('modularity', 'Non-modular')).toEqual(['Non-modular']);
  });

  it('names the facets of each product type, none for the whole catalog', () => {
    const names = (category: Parameters<typeof facetsFor>[0]) =>
      facetsFor(category).map((facet) => facet.name);
    expect(names('cases')).toEqual(['formFactor', 'caseSize', 'fanSize', 'gpuLength', 'radiator']);
    expect(names('gaming-cases')).toEqual(names('cases'));
    expect(names('power-supplies')).toEqual(['wattage', 'efficiency', 'modularity']);
    expect(names(null)).toEqual([]);
  });
});
