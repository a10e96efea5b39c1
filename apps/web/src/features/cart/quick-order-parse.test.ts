import { parseQuickOrder, quickOrderMessages as text, QUICK_ORDER_MAX_LINES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { contentKey, mergeOrderLists, refusedProducts } from './order-list-merge';

describe('parseQuickOrder (the quick order page reads what is typed, pasted or opened)', () => {
  it('reads "SKU quantity", "SKU,quantity", tabs and semicolons, one a line', () => {
    const parsed = parseQuickOrder(
      'CF-ATX-100 20\nPSU-750,5\r\nFAN_12\t40\nCASE.MINI;6\n   \n  spaced-sku    7  ',
    );
    expect(parsed.unreadable).toEqual([]);
    expect(parsed.lines).toEqual([
      { sku: 'CF-ATX-100', quantity: 20, rows: [1] },
      { sku: 'PSU-750', quantity: 5, rows: [2] },
      { sku: 'FAN_12', quantity: 40, rows: [3] },
      { sku: 'CASE.MINI', quantity: 6, rows: [4] },
      { sku: 'spaced-sku', quantity: 7, rows: [6] },
    ]);
  });

  it('reads a CSV file with a header row, quoted fields and trailing empty columns', () => {
    const parsed = parseQuickOrder('\uFEFF"SKU","Quantity"\n"CF-1","12"\nCF-2,3,,\n');
    expect(parsed.unreadable).toEqual([]);
    expect(parsed.lines.map(({ sku, quantity }) => [sku, quantity])).toEqual([
      ['CF-1', 12],
      ['CF-2', 3],
    ]);
  });

  it('reads a sheet pasted with its header (tab-separated)', () => {
    const parsed = parseQuickOrder('Item\tQty\nA-1\t2\nB-2\t4');
    expect(parsed.lines.map((line) => line.sku)).toEqual(['A-1', 'B-2']);
    expect(parsed.unreadable).toEqual([]);
  });

  it('says which lines it could not read, and why, by line number', () => {
    const parsed = parseQuickOrder(
      'GOOD-1 2\nonly-a-sku\nBAD SKU! 3\nX-1 0\nX-2 1.5\nX-3 -4\nA,1,extra\nGOOD-2 9',
    );
    expect(parsed.lines.map((line) => line.sku)).toEqual(['GOOD-1', 'GOOD-2']);
    expect(parsed.unreadable).toEqual([
      { row: 2, text: 'only-a-sku', reason: text.notTwoColumns },
      { row: 3, text: 'BAD SKU! 3', reason: text.notTwoColumns },
      { row: 4, text: 'X-1 0', reason: text.notQuantity },
      { row: 5, text: 'X-2 1.5', reason: text.notQuantity },
      { row: 6, text: 'X-3 -4', reason: text.notQuantity },
      { row: 7, text: 'A,1,extra', reason: text.notTwoColumns },
    ]);
  });

  it('refuses a SKU of characters no SKU has, and a quantity past the largest order', () => {
    const parsed = parseQuickOrder('caf\u00e9,2\nOK-1,99999999');
    expect(parsed.unreadable.map((line) => line.reason)).toEqual([text.notSku, text.notQuantity]);
  });

  it('adds up the same SKU given twice, in any case', () => {
    const parsed = parseQuickOrder('cf-1 2\nOTHER 1\nCF-1 4');
    expect(parsed.lines).toEqual([
      { sku: 'cf-1', quantity: 6, rows: [1, 3] },
      { sku: 'OTHER', quantity: 1, rows: [2] },
    ]);
    expect(text.rows([1, 3])).toBe('lines 1, 3 (added together)');
  });

  it(`checks at most ${QUICK_ORDER_MAX_LINES} products and says what it left out`, () => {
    const input = Array.from({ length: QUICK_ORDER_MAX_LINES + 2 }, (_, i) => `SKU-${i} 1`).join(
      '\n',
    );
    const parsed = parseQuickOrder(input);
    expect(parsed.lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parsed.unreadable.map((line) => [line.row, line.reason])).toEqual([
      [QUICK_ORDER_MAX_LINES + 1, text.tooManyLines],
      [QUICK_ORDER_MAX_LINES + 2, text.tooManyLines],
    ]);
  });

  it('ux 2026-11-28 #18: reads quantities as a spreadsheet copies them (1,000, 1 000, "1,000")', () => {
    const parsed = parseQuickOrder(
      'PC-550-BR\t1,000\nPC-750-GM 1 000\n"CF-M3-ATX","2,500"\nSB-S5-FT;1.000.000\nVX-RGB-MT\t12',
    );
    expect(parsed.unreadable).toEqual([]);
    expect(parsed.lines.map(({ sku, quantity }) => [sku, quantity])).toEqual([
      ['PC-550-BR', 1000],
      ['PC-750-GM', 1000],
      ['CF-M3-ATX', 2500],
      ['SB-S5-FT', 1_000_000],
      ['VX-RGB-MT', 12],
    ]);
  });

  it('ux 2026-11-28 #18: says what is wrong with a quantity it cannot read for sure', () => {
    const parsed = parseQuickOrder(
      'PC-550-BR\t1.000\nPC-750-GM,1,000\nCF-M3-ATX\t2,5\nX-1\t1,00,0',
    );
    expect(parsed.lines).toEqual([]);
    expect(parsed.unreadable).toEqual([
      {
        row: 1,
        text: 'PC-550-BR\t1.000',
        reason: 'the quantity “1.000” can be read two ways (1,000 or 1); write 1000',
      },
      {
        row: 2,
        text: 'PC-750-GM,1,000',
        reason: 'the comma splits the quantity: write 1000 or put it in quotes ("1,000")',
      },
      { row: 3, text: 'CF-M3-ATX\t2,5', reason: text.notQuantity },
      { row: 4, text: 'X-1\t1,00,0', reason: text.notQuantity },
    ]);
  });

  it('names a SKU of the demo catalog in its hint', () => {
    expect(text.linesHint).toContain('PC-550-BR 1,000');
    expect(parseQuickOrder('PC-550-BR 1,000').lines).toEqual([
      { sku: 'PC-550-BR', quantity: 1000, rows: [1] },
    ]);
  });

  it('reads nothing from blank input', () => {
    expect(parseQuickOrder('  \n\n\t\n')).toEqual({ lines: [], unreadable: [] });
  });
});

describe('merging the browser order list into the saved one at sign-in', () => {
  const line = (productId: string, quantity: number) => ({ productId, quantity, name: productId });

  it('keeps the larger quantity of a product in both, and adds the browser-only ones after', () => {
    const merged = mergeOrderLists(
      [line('a', 10), line('b', 6)],
      [line('b', 12), line('c', 3), line('a', 4)],
    );
    expect(merged).toEqual([line('a', 10), line('b', 12), line('c', 3)]);
  });

  it('changes nothing when the browser holds the same list (a second sign-in)', () => {
    const server = [line('a', 6), line('b', 2)];
    expect(contentKey(mergeOrderLists(server, server))).toBe(contentKey(server));
  });

  it('names the products of the lines a refusal named', () => {
    const lines = [line('a', 1), line('b', 1), line('c', 1)];
    expect(
      refusedProducts(lines, { 'lines.1.productId': 'Unknown product', 'lines.2.quantity': 'x' }),
    ).toEqual(['b']);
  });
});
