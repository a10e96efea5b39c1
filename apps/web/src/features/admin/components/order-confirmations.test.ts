import { b2bMessages, confirmMessages, orderPageMessages } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/api-mock';
import { askToShip, checkShipDetails } from './order-confirmations';

const order = makeOrder({
  orderPName: 'Nova Mini-ITX Gaming Case + 1 more',
  userName: 'Ada Customer',
  paid: true,
  paymentStatus: 'paid',
  orderStatus: 'placed',
});

afterEach(async () => {
  // The next test's dialog starts from nothing: not a closing one whose buttons still answer.
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  // jsdom runs no CSS animation: the end of the closing one is told, as a browser would.
  document.querySelector('.swal2-popup')?.dispatchEvent(new Event('animationend'));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
});

describe('checkShipDetails', () => {
  it('takes both or neither, trimmed', () => {
    expect(checkShipDetails({ carrier: '', trackingNumber: '' })).toEqual({ ok: true, value: {} });
    expect(checkShipDetails({ carrier: '  ', trackingNumber: ' ' })).toEqual({
      ok: true,
      value: {},
    });
    expect(checkShipDetails({ carrier: ' UPS ', trackingNumber: ' 1Z999 ' })).toEqual({
      ok: true,
      value: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
  });

  it('names the missing half, and a value too long', () => {
    expect(checkShipDetails({ carrier: 'UPS', trackingNumber: '' })).toEqual({
      ok: false,
      errors: { trackingNumber: b2bMessages.trackingRequired },
    });
    expect(checkShipDetails({ carrier: '', trackingNumber: '1Z999' })).toEqual({
      ok: false,
      errors: { carrier: b2bMessages.carrierRequired },
    });
    expect(checkShipDetails({ carrier: 'x'.repeat(61), trackingNumber: '1' })).toMatchObject({
      ok: false,
      errors: { carrier: 'Carrier must be at most 60 characters' },
    });
  });
});

describe('askToShip', () => {
  it('names the order and asks for the carrier and tracking number, the carrier focused', async () => {
    const answer = askToShip(order);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(confirmMessages.shipTitle);
    expect(dialog).toHaveTextContent(confirmMessages.shipText(order.orderPName, order.userName));
    expect(dialog).toHaveTextContent(orderPageMessages.shipFieldsHint);
    await waitFor(() => expect(screen.getByLabelText(orderPageMessages.carrier)).toHaveFocus());

    await userEvent.type(screen.getByLabelText(orderPageMessages.carrier), 'UPS');
    await userEvent.type(screen.getByLabelText(orderPageMessages.trackingNumber), '1Z999AA1');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.shipConfirm }));
    await expect(answer).resolves.toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA1' });
  });

  it('ships without tracking when both fields are left empty', async () => {
    const answer = askToShip(order);
    await userEvent.click(await screen.findByRole('button', { name: confirmMessages.shipConfirm }));
    await expect(answer).resolves.toEqual({});
  });

  it('keeps the dialog open with the message under the missing field, tied to it', async () => {
    const answer = askToShip(order);
    const tracking = await screen.findByLabelText(orderPageMessages.trackingNumber);
    await userEvent.type(tracking, '1Z999AA1');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.shipConfirm }));

    const carrier = screen.getByLabelText(orderPageMessages.carrier);
    await waitFor(() => expect(carrier).toHaveAccessibleDescription(b2bMessages.carrierRequired));
    expect(carrier).toHaveAttribute('aria-invalid', 'true');
    expect(carrier).toHaveFocus();
    expect(tracking).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // Typing in the field takes its message away; Enter sends the dialog, as a form does.
    await userEvent.type(carrier, 'DHL');
    expect(carrier).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(b2bMessages.carrierRequired)).not.toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toEqual({ carrier: 'DHL', trackingNumber: '1Z999AA1' });
  });

  it('answers null when cancelled, whatever was typed', async () => {
    const answer = askToShip(order);
    await userEvent.type(await screen.findByLabelText(orderPageMessages.carrier), 'UPS');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.cancel }));
    await expect(answer).resolves.toBeNull();
  });
});
