import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { TestCardForm } from './test-card-form';

afterEach(() => vi.unstubAllGlobals());

async function fillCard(number: string) {
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

describe('TestCardForm', () => {
  it("shows the gateway's decline message in red, focused, and lets the customer retry", async () => {
    const fetch = stubApi({
      'POST /api/payments/test/confirm': () =>
        apiError(402, 'payment_failed', messages.cardDeclined),
    });
    const onPaid = vi.fn(() => Promise.resolve());
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret_x" onPaid={onPaid} />);

    await fillCard('4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    // At the top of the form and focused, so a phone's customer sees it.
    expect(alert).toHaveFocus();
    expect(alert.compareDocumentPosition(screen.getByLabelText('Card number'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(onPaid).not.toHaveBeenCalled();
    // The busy flag is cleared: the customer can try another card.
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      clientSecret: 'pi_1_secret_x',
      cardNumber: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    });
  });

  it('checks the card fields before calling the gateway', async () => {
    const fetch = stubApi({});
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret_x" onPaid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Card number'), '42');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '13/34');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is invalid.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps Pay disabled without a client secret', () => {
    renderWithProviders(<TestCardForm clientSecret={null} onPaid={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('formats the card number, expiry and CVC as they are typed', async () => {
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret_x" onPaid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1229');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/29');
    await userEvent.type(screen.getByLabelText('CVC'), '1a2b3');
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
  });

  it('formats pasted values and sends the digits', async () => {
    const fetch = stubApi({
      'POST /api/payments/test/confirm': () =>
        apiError(402, 'payment_failed', messages.cardDeclined),
    });
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret_x" onPaid={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Card number'));
    await userEvent.paste('4000-0000-0000-0002');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await userEvent.click(screen.getByLabelText('Expiry (MM/YY)'));
    await userEvent.paste('1/29');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('01/29');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('alert');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({
      cardNumber: '4000000000000002',
      expiry: '01/29',
    });
  });
});
