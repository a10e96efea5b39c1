import {
  accountPageMessages as text,
  onAccountMessages,
  type CompanyWithMembers,
} from '@shop/shared';
import { screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { checkHoldReason, CompanyAccountAdmin, CompanyAccountSummary } from './company-account';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const COMPANY_ID = 'c0ffee00c0ffee00c0ffee00';

function makeCompany(overrides: Partial<CompanyWithMembers> = {}): CompanyWithMembers {
  return {
    _id: COMPANY_ID,
    name: 'Nordic Systems GmbH',
    vatId: null,
    billingAddress: 'Hafenstrasse 12',
    terms: null,
    onHold: false,
    balance: 0,
    availableCredit: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    members: [],
    ...overrides,
  };
}

const emptyStatement = (company: CompanyWithMembers) =>
  json({
    companyId: company._id,
    companyName: company.name,
    vatId: company.vatId,
    terms: company.terms,
    onHold: company.onHold,
    balance: company.balance,
    availableCredit: company.availableCredit,
    generatedAt: '2026-11-26T12:00:00.000Z',
    account: {
      from: '2026-08-29',
      to: '2026-11-26',
      openingBalance: 0,
      closingBalance: 0,
      entries: [],
    },
    invoices: [],
  });

describe('CompanyAccountAdmin', () => {
  it('grants terms: the days chosen and the credit limit typed, as the API takes them; ux 2026-11-28 #13: says the warning answered', async () => {
    const company = makeCompany();
    let sent: unknown;
    stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () => emptyStatement(company),
      [`PUT /api/companies/${COMPANY_ID}/terms`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          modifiedCount: 1,
          company: {
            _id: COMPANY_ID,
            terms: { days: 45, creditLimit: 2500.5 },
            onHold: false,
            balance: 0,
            availableCredit: 2500.5,
          },
          warnings: [onAccountMessages.noBankDetailsWarning],
        });
      },
    });
    renderWithProviders(
      <>
        <CompanyAccountAdmin company={company} />
        <Toaster />
      </>,
    );

    await userEvent.selectOptions(screen.getByLabelText(text.daysLabel), 'Net 45 days');
    await userEvent.type(screen.getByLabelText(text.creditLimitLabel), '2500.50');
    await userEvent.click(screen.getByRole('button', { name: text.grantTerms }));

    expect(await screen.findByText(text.termsSaved)).toBeInTheDocument();
    expect(sent).toEqual({ days: '45', creditLimit: '2500.50' });
    // No bank details for the invoices: the form says so, and it stays in view.
    expect(screen.getByRole('alert')).toHaveTextContent(onAccountMessages.noBankDetailsWarning);
  });

  it.each([
    ['', onAccountMessages.creditLimitRequired],
    ['abc', onAccountMessages.creditLimitInvalid],
    ['0', onAccountMessages.creditLimitTooSmall],
    ['12.3456', onAccountMessages.twoDecimals],
    ['99999999', onAccountMessages.creditLimitTooLarge],
  ])('refuses the credit limit "%s" under its field, and sends nothing', async (typed, said) => {
    const company = makeCompany();
    const fetch = stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () => emptyStatement(company),
    });
    renderWithProviders(<CompanyAccountAdmin company={company} />);

    if (typed) await userEvent.type(screen.getByLabelText(text.creditLimitLabel), typed);
    await userEvent.click(screen.getByRole('button', { name: text.grantTerms }));

    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows a refusal of the server under the field it names', async () => {
    const company = makeCompany();
    stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () => emptyStatement(company),
      [`PUT /api/companies/${COMPANY_ID}/terms`]: () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              fields: { creditLimit: 'Credit limit from the server' },
            },
          },
          400,
        ),
    });
    renderWithProviders(<CompanyAccountAdmin company={company} />);
    await userEvent.type(screen.getByLabelText(text.creditLimitLabel), '100');
    await userEvent.click(screen.getByRole('button', { name: text.grantTerms }));
    expect(await screen.findByText('Credit limit from the server')).toBeInTheDocument();
  });

  it('starts from the terms the company has, offers to remove them, and says the hold in words', async () => {
    const company = makeCompany({
      terms: { days: 60, creditLimit: 9000 },
      onHold: true,
      balance: 1000,
      availableCredit: 8000,
    });
    stubApi({
      [`GET /api/companies/${COMPANY_ID}/statement`]: () => emptyStatement(company),
      [`PUT /api/companies/${COMPANY_ID}/hold`]: () => apiError(500, 'internal', 'no'),
    });
    renderWithProviders(<CompanyAccountAdmin company={company} />);

    expect(screen.getByLabelText(text.daysLabel)).toHaveValue('60');
    expect(screen.getByLabelText(text.creditLimitLabel)).toHaveValue('9000');
    expect(screen.getByRole('button', { name: text.saveTerms })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.removeTerms })).toBeInTheDocument();
    expect(screen.getByText(text.holdOn)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.liftHold })).toBeInTheDocument();
    // The statement follows, under its own heading.
    expect(
      await screen.findByRole('heading', { level: 2, name: text.companyStatement }),
    ).toBeInTheDocument();
  });
});

describe('CompanyAccountSummary', () => {
  it('shows a member the terms and credit, and the way to the statement', () => {
    renderWithProviders(
      <CompanyAccountSummary
        company={makeCompany({
          terms: { days: 30, creditLimit: 5000 },
          balance: 480,
          availableCredit: 4520,
        })}
      />,
    );
    expect(screen.getByText('Net 30 days')).toBeInTheDocument();
    expect(screen.getByText('$4,520')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.viewStatement })).toHaveAttribute(
      'href',
      '/dashboard/statement',
    );
  });

  it('tells a member of a company without terms that cards are the way to pay', () => {
    renderWithProviders(<CompanyAccountSummary company={makeCompany()} />);
    expect(screen.getByText(text.statementNoTerms)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.viewStatement })).not.toBeInTheDocument();
  });
});

describe('hold reasons (ux 2026-11-28 #34)', () => {
  it("tells a member a hold put by the shop is the shop's, with its reason, not about overdue invoices", () => {
    renderWithProviders(
      <CompanyAccountSummary
        company={makeCompany({
          onHold: true,
          hold: { by: 'shop', reason: 'Bank details could not be verified' },
        })}
      />,
    );
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      'The shop has put your company’s account on hold: Bank details could not be verified.',
    );
    expect(notice).not.toHaveTextContent(/overdue/);
  });

  it('tells a member an overdue hold is lifted by paying the overdue invoices', () => {
    renderWithProviders(
      <CompanyAccountSummary
        company={makeCompany({ onHold: true, hold: { by: 'overdue', reason: null } })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/paying the overdue invoices lifts/);
  });

  it('asks the shop admin for a reason, refusing an empty or a too long one', () => {
    expect(checkHoldReason({ reason: '   ' })).toEqual({
      ok: false,
      errors: { reason: onAccountMessages.holdReasonRequired },
    });
    expect(checkHoldReason({ reason: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { reason: onAccountMessages.holdReasonTooLong },
    });
    expect(checkHoldReason({ reason: '  Waiting for a credit check ' })).toEqual({
      ok: true,
      value: 'Waiting for a credit check',
    });
  });
});
