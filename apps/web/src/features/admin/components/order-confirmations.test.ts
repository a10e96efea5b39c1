import { b2bMessages, carrierMessages, confirmMessages, orderPageMessages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/api-mock';
import { askToEditTracking, askToShip, checkShipDetails } from './order-confirmations';

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
  it('takes a listed carrier by its name, and both or neither, trimmed', () => {
    expect(checkShipDetails({ carrier: '', trackingNumber: '' })).toEqual({ ok: true, value: {} });
    expect(checkShipDetails({ carrier: '', trackingNumber: ' ' })).toEqual({ ok: true, value: {} });
    expect(checkShipDetails({ carrier: 'ups', trackingNumber: ' 1Z999 ' })).toEqual({
      ok: true,
      value: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(checkShipDetails({ carrier: 'fedex', trackingNumber: '7712' })).toEqual({
      ok: true,
      value: { carrier: 'FedEx', trackingNumber: '7712' },
    });
  });

  it("takes an 'Other' carrier's typed name, and asks for it", () => {
    expect(
      checkShipDetails({ carrier: 'other', carrierName: ' Acme Freight ', trackingNumber: 'AF-7' }),
    ).toEqual({ ok: true, value: { carrier: 'Acme Freight', trackingNumber: 'AF-7' } });
    expect(
      checkShipDetails({ carrier: 'other', carrierName: ' ', trackingNumber: 'AF-7' }),
    ).toEqual({ ok: false, errors: { carrierName: carrierMessages.otherNameRequired } });
    expect(
      checkShipDetails({ carrier: 'other', carrierName: 'x'.repeat(61), trackingNumber: '1' }),
    ).toMatchObject({
      ok: false,
      errors: { carrierName: 'Carrier must be at most 60 characters' },
    });
  });

  it('names the missing half, and a value too long', () => {
    expect(checkShipDetails({ carrier: 'ups', trackingNumber: '' })).toEqual({
      ok: false,
      errors: { trackingNumber: b2bMessages.trackingRequired },
    });
    expect(checkShipDetails({ carrier: '', trackingNumber: '1Z999' })).toEqual({
      ok: false,
      errors: { carrier: b2bMessages.carrierRequired },
    });
    expect(checkShipDetails({ carrier: 'dhl', trackingNumber: '9'.repeat(61) })).toMatchObject({
      ok: false,
      errors: { trackingNumber: 'Tracking number must be at most 60 characters' },
    });
  });
});

describe('askToShip', () => {
  it('names the order and offers the carrier list, the carrier focused, with no word of no return about tracking', async () => {
    const answer = askToShip(order);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(confirmMessages.shipTitle);
    expect(dialog).toHaveTextContent(confirmMessages.shipText(order.orderPName, order.userName));
    expect(dialog).not.toHaveTextContent('cannot be undone');
    expect(dialog).toHaveTextContent(orderPageMessages.shipFieldsHint);
    const carrier = screen.getByLabelText(orderPageMessages.carrier);
    await waitFor(() => expect(carrier).toHaveFocus());
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([carrierMessages.none, 'UPS', 'FedEx', 'DHL', 'USPS', carrierMessages.other]);
    // The name field is there only for 'Other'.
    expect(screen.getByLabelText(carrierMessages.otherName)).not.toBeVisible();

    await userEvent.selectOptions(carrier, 'UPS');
    await userEvent.type(screen.getByLabelText(orderPageMessages.trackingNumber), '1Z999AA1');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.shipConfirm }));
    await expect(answer).resolves.toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA1' });
  });

  it("asks for an 'Other' carrier's name", async () => {
    const answer = askToShip(order);
    await userEvent.selectOptions(
      await screen.findByLabelText(orderPageMessages.carrier),
      carrierMessages.other,
    );
    const name = screen.getByLabelText(carrierMessages.otherName);
    expect(name).toBeVisible();
    await userEvent.type(screen.getByLabelText(orderPageMessages.trackingNumber), 'AF-77');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.shipConfirm }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(carrierMessages.otherNameRequired),
    );
    expect(name).toHaveFocus();
    // Enter in a field sends the dialog, as a form does.
    await userEvent.type(name, 'Acme Freight{Enter}');
    await expect(answer).resolves.toEqual({ carrier: 'Acme Freight', trackingNumber: 'AF-77' });
  });

  it('ships without tracking when no carrier is chosen and no number typed', async () => {
    const answer = askToShip(order);
    await userEvent.click(await screen.findByRole('button', { name: confirmMessages.shipConfirm }));
    await expect(answer).resolves.toEqual({});
  });

  it('keeps the dialog open with the message under the missing carrier, tied to it', async () => {
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

    // Choosing takes the message away; Enter in a field sends the dialog, as a form does.
    await userEvent.selectOptions(carrier, 'DHL');
    expect(carrier).not.toHaveAttribute('aria-invalid');
    await userEvent.type(tracking, '{Enter}');
    await expect(answer).resolves.toEqual({ carrier: 'DHL', trackingNumber: '1Z999AA1' });
  });

  it('answers null when cancelled, whatever was chosen', async () => {
    const answer = askToShip(order);
    await userEvent.selectOptions(await screen.findByLabelText(orderPageMessages.carrier), 'UPS');
    await userEvent.click(screen.getByRole('button', { name: confirmMessages.cancel }));
    await expect(answer).resolves.toBeNull();
  });
});

describe('askToEditTracking', () => {
  it("opens with the order's carrier and number, an 'Other' carrier under its name", async () => {
    const shipped = makeOrder({
      ...order,
      orderStatus: 'shipped',
      shipment: {
        carrier: 'Acme Freight',
        trackingNumber: 'AF-7',
        shippedAt: '2026-01-03T00:00:00.000Z',
      },
    });
    const answer = askToEditTracking(shipped);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(confirmMessages.editTrackingTitle);
    expect(screen.getByLabelText(orderPageMessages.carrier)).toHaveValue('other');
    expect(screen.getByLabelText(carrierMessages.otherName)).toHaveValue('Acme Freight');
    const tracking = screen.getByLabelText(orderPageMessages.trackingNumber);
    expect(tracking).toHaveValue('AF-7');
    await userEvent.clear(tracking);
    await userEvent.type(tracking, 'AF-77');
    await userEvent.click(
      screen.getByRole('button', { name: confirmMessages.editTrackingConfirm }),
    );
    await expect(answer).resolves.toEqual({ carrier: 'Acme Freight', trackingNumber: 'AF-77' });
  });
});
