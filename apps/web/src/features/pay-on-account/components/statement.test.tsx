import { accountPageMessages as text, type Statement } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv, UTF8_BOM } from '../../../lib/csv';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { accountCsvColumns, accountCsvRows } from './account-statement';
import { CompanyStatement } from './statement';
import { statementCsvColumns } from './statement-export';

afterEach(() => vi.unstubAllGlobals());

const COMPANY_ID = 'c0ffee00c0ffee00c0ffee00';

function makeStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    companyId: COMPANY_ID,
    companyName: 'Nordic Systems GmbH',
    vatId: 'DE123456789',
    terms: { days: 30, creditLimit: 5000 },
    onHold: false,
    balance: 1680,
    availableCredit: 3320,
    generatedAt: '2026-11-26T12:00:00.000Z',
    account: {
      from: '2026-08-29',
      to: '2026-11-26',
      openingBalance: 0,
      closingBalance: 0,
      entries: [],
    },
    invoices: [
      {
        orderId: 'a1a1a1a1a1a1a1a1a1a1a1a1',
        orderNumber: 'CF-10001',
        invoiceNumber: '2026-000001',
        poNumber: 'PO-77',
        issuedAt: '2026-10-01T10:00:00.000Z',
        dueAt: '2026-10-31T10:00:00.000Z',
        total: 1500,
        amountDue: 1200,
        overdue: true,
        daysOverdue: 26,
      },
      {
        orderId: 'b2b2b2b2b2b2b2b2b2b2b2b2',
        orderNumber: 'CF-10002',
        invoiceNumber: '2026-000002',
        poNumber: null,
        issuedAt: '2026-11-20T10:00:00.000Z',
        dueAt: '2099-12-20T10:00:00.000Z',
        total: 480,
        amountDue: 480,
        overdue: false,
        daysOverdue: 0,
      },
    ],
    ...overrides,
  };
}

describe('CompanyStatement', () => {
  it('shows the terms, balance, available credit and each open invoice, overdue ones in words', async () => {
    stubApi({ [`GET /api/companies/${COMPANY_ID}/statement`]: () => json(makeStatement()) });
    renderWithProviders(<CompanyStatement companyId={COMPANY_ID} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statement: Nordic Systems GmbH' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Net 30 days')).toBeInTheDocument();
    expect(screen.getByText('$5,000')).toBeInTheDocument();
    expect(screen.getByText('$1,680')).toBeInTheDocument();
    expect(screen.getByText('$3,320')).toBeInTheDocument();

    const table = screen.getByRole('region', { name: text.invoiceTable });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('2026-000001')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Open order CF-10001' })).toHaveAttribute(
      'href',
      '/dashboard/orders/a1a1a1a1a1a1a1a1a1a1a1a1',
    );
    expect(within(rows[0]!).getByText(text.overdueDays(26))).toBeInTheDocument();
    expect(within(rows[1]!).getByText(text.notDueYet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.exportCsv })).toBeInTheDocument();
  });

  it('says when nothing is open, and when the company is on hold', async () => {
    stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () =>
        json(makeStatement({ invoices: [], balance: 0, availableCredit: 5000, onHold: true })),
    });
    renderWithProviders(<CompanyStatement companyId={COMPANY_ID} />);

    expect(await screen.findByText(text.noOpenInvoices)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text.onHoldNotice);
  });

  it('tells a member of a company without terms how paying on account starts', async () => {
    stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () =>
        json(makeStatement({ terms: null, invoices: [], balance: 0, availableCredit: 0 })),
    });
    renderWithProviders(<CompanyStatement companyId={COMPANY_ID} />);

    expect(await screen.findByText(text.statementNoTerms)).toBeInTheDocument();
  });

  it('exports one CSV row per open invoice, amounts as numbers and formulas neutralised', async () => {
    const statement = makeStatement();
    statement.invoices[0]!.poNumber = '=HYPERLINK("https://evil.example")';
    const csv = await toCsv(statementCsvColumns, statement.invoices);
    const lines = csv.replace(UTF8_BOM, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Invoice number,Order,PO number,Issued,Due,Invoice total (USD),Amount due (USD),Days overdue',
    );
    expect(lines[1]).toBe(
      `2026-000001,CF-10001,"'=HYPERLINK(""https://evil.example"")",2026-10-01 10:00:00,2026-10-31 10:00:00,1500,1200,26`,
    );
    expect(lines[2]).toBe(
      '2026-000002,CF-10002,,2026-11-20 10:00:00,2099-12-20 10:00:00,480,480,0',
    );
  });

  it('names the CSV file after the company and the day', () => {
    expect(text.csvName('Nordic Systems GmbH', '2026-11-26')).toBe(
      'statement-nordic-systems-gmbh-2026-11-26.csv',
    );
    expect(text.csvName('株式会社', '2026-11-26')).toBe('statement-company-2026-11-26.csv');
  });

  describe('ux 2026-11-28 #17: the account statement', () => {
    const account: Statement['account'] = {
      from: '2026-11-01',
      to: '2026-11-26',
      openingBalance: 400,
      closingBalance: 1680,
      entries: [
        {
          kind: 'invoice',
          at: '2026-11-02T10:00:00.000Z',
          orderId: 'a1a1a1a1a1a1a1a1a1a1a1a1',
          orderNumber: 'CF-10001',
          invoiceNumber: '2026-000001',
          reference: 'PO-77',
          paidAtOnce: false,
          status: 'open',
          charge: 1500,
          payment: 0,
          balance: 1900,
        },
        {
          kind: 'invoice',
          at: '2026-11-03T09:00:00.000Z',
          orderId: 'c3c3c3c3c3c3c3c3c3c3c3c3',
          orderNumber: 'CF-10004',
          invoiceNumber: '2026-000004',
          reference: 'pi_4242',
          paidAtOnce: true,
          status: 'paid',
          charge: 250,
          payment: 250,
          balance: 1900,
        },
        {
          kind: 'payment',
          at: '2026-11-20T00:00:00.000Z',
          orderId: 'a1a1a1a1a1a1a1a1a1a1a1a1',
          orderNumber: 'CF-10001',
          invoiceNumber: '2026-000001',
          reference: 'BANK-1',
          paidAtOnce: false,
          status: null,
          charge: 0,
          payment: 220,
          balance: 1680,
        },
      ],
    };

    it('shows the balances, every invoice (paid ones as paid) and every payment', async () => {
      stubApi({
        [`GET /api/companies/${COMPANY_ID}/statement`]: () => json(makeStatement({ account })),
      });
      renderWithProviders(<CompanyStatement companyId={COMPANY_ID} />);
      expect(await screen.findByRole('heading', { name: text.accountHeading })).toBeInTheDocument();
      expect(screen.getByText('$400')).toBeInTheDocument();
      const rows = within(screen.getByRole('region', { name: text.accountTable }))
        .getAllByRole('row')
        .slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining(text.entryInvoice('2026-000001', false)),
        expect.stringContaining(text.entryInvoicePaidAtOnce('2026-000004')),
        expect.stringContaining(text.entryPayment('2026-000001')),
      ]);
      expect(rows[2]).toHaveTextContent('BANK-1');
      expect(rows[2]).toHaveTextContent('$1,680');
    });

    it('asks for another period, and says what is wrong with one it cannot use', async () => {
      const base = `GET /api/companies/${COMPANY_ID}/statement`;
      const fetch = stubApi({
        [base]: () => json(makeStatement({ account })),
        [`${base}?from=2026-09-01&to=2026-10-01`]: () =>
          json(makeStatement({ account: { ...account, from: '2026-09-01', to: '2026-10-01' } })),
      });
      renderWithProviders(<CompanyStatement companyId={COMPANY_ID} />);
      const from = await screen.findByLabelText(text.periodFrom);
      const to = screen.getByLabelText(text.periodTo);
      await userEvent.clear(to);
      await userEvent.type(to, '2026-10-01');
      await userEvent.click(screen.getByRole('button', { name: text.showPeriod }));
      expect(screen.getByText('The period must end on or after the day it begins')).toBeVisible();
      expect(to).toHaveAttribute('aria-invalid', 'true');
      await userEvent.clear(from);
      await userEvent.type(from, '2026-09-01');
      await userEvent.click(screen.getByRole('button', { name: text.showPeriod }));
      await vi.waitFor(() =>
        expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
          `/api/companies/${COMPANY_ID}/statement?from=2026-09-01&to=2026-10-01`,
        ),
      );
      expect(await screen.findByText(/Opening balance \(Sep 1, 2026\)/)).toBeInTheDocument();
    });

    it('exports the opening balance, every entry and the closing balance as CSV', async () => {
      const csv = await toCsv(accountCsvColumns, accountCsvRows(account));
      expect(csv.replace(UTF8_BOM, '').trimEnd().split('\r\n')).toEqual([
        'Date,Entry,Invoice number,Order,Reference,Invoiced (USD),Paid (USD),Balance (USD)',
        '2026-11-01,Opening balance,,,,,,400',
        '2026-11-02,Invoice 2026-000001,2026-000001,CF-10001,PO-77,1500,0,1900',
        '2026-11-03,Invoice 2026-000004 (paid when issued),2026-000004,CF-10004,pi_4242,250,250,1900',
        '2026-11-20,Payment: invoice 2026-000001,2026-000001,CF-10001,BANK-1,0,220,1680',
        '2026-11-26,Closing balance,,,,,,1680',
      ]);
      expect(text.accountCsvName('Nordic Systems GmbH', '2026-11-01', '2026-11-26')).toBe(
        'account-nordic-systems-gmbh-2026-11-01-to-2026-11-26.csv',
      );
    });
  });
});
