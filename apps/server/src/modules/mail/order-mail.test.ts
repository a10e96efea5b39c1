import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../test/order-fixtures.js';
import { escapeHtml, renderOrderMail } from './order-mail.js';

const PUBLIC_URL = 'https://shop.example.com/';
const NOW = new Date('2026-11-23T16:05:00.000Z');

describe('order mails', () => {
  it('placed: every line with quantity, unit price and line total, the total, PO, pay link', () => {
    const mail = renderOrderMail('order-placed', sampleOrder(), {
      publicUrl: PUBLIC_URL,
      now: NOW,
    });
    expect(mail.subject).toBe(
      'Order CF-10234 placed: Vortex RGB <script>alert(1)</script> + 1 more',
    );
    expect(mail.text).toContain('Hello Daniel "Dan" Okafor,');
    expect(mail.text).toContain('Order number: CF-10234');
    expect(mail.html).toContain('CF-10234');
    expect(mail.text).toContain(
      '250 x Vortex RGB <script>alert(1)</script> at $45.00 = $11,250.00',
    );
    expect(mail.text).toContain('250 x PowerCore 750W Gold & Co at $48.60 = $12,150.00');
    expect(mail.text).toContain('Order total: $23,400.00');
    expect(mail.text).toContain('PO number: PO-2026-<b>17</b>');
    expect(mail.text).toContain('Please pay within 1 day 23 h (by Nov 25, 2026, 16:00 UTC)');
    expect(mail.text).toContain(
      'Pay now: https://shop.example.com/dashboard/payment/6742b1c09f3a2b1c4d5e6f70',
    );
    expect(mail.text).toContain(
      'View your order: https://shop.example.com/dashboard/orders/6742b1c09f3a2b1c4d5e6f70',
    );
  });

  it('escapes every value of the HTML body: a product called <script> stays text', () => {
    const mail = renderOrderMail('order-placed', sampleOrder(), {
      publicUrl: PUBLIC_URL,
      now: NOW,
    });
    const html = mail.html ?? '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>17</b>');
    expect(html).toContain('Vortex RGB &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('PowerCore 750W Gold &amp; Co');
    expect(html).toContain('Hello Daniel &quot;Dan&quot; Okafor,');
    expect(html).toContain('PO-2026-&lt;b&gt;17&lt;/b&gt;');
    expect(html).toContain('$11,250.00');
    expect(html).toContain('$23,400.00');
    expect(html).toContain(
      'href="https://shop.example.com/dashboard/orders/6742b1c09f3a2b1c4d5e6f70"',
    );
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('placed without the pay note once the order is paid or its hold is over', () => {
    const late = renderOrderMail('order-placed', sampleOrder(), {
      publicUrl: PUBLIC_URL,
      now: new Date('2026-11-26T00:00:00.000Z'),
    });
    expect(late.text).not.toContain('Please pay');
    const paid = renderOrderMail(
      'order-placed',
      sampleOrder({ paid: true, paymentStatus: 'paid', expiresAt: null }),
      { publicUrl: PUBLIC_URL, now: NOW },
    );
    expect(paid.text).not.toContain('Please pay');
    expect(paid.text).not.toContain('Pay now');
  });

  it('paid: a receipt with the paid date, the transaction id and the amount', () => {
    const mail = renderOrderMail(
      'order-paid',
      sampleOrder({
        paid: true,
        paymentStatus: 'paid',
        orderStatus: 'placed',
        transactionId: 'pi_3Q<x>',
        trxId: 'pi_3Q<x>',
        paidAt: '2026-11-24T09:30:00.000Z',
      }),
      { publicUrl: PUBLIC_URL, now: NOW },
    );
    expect(mail.subject).toBe(
      'Receipt for order CF-10234: Vortex RGB <script>alert(1)</script> + 1 more',
    );
    expect(mail.text).toContain('Order number: CF-10234');
    expect(mail.text).toContain('Paid on: Nov 24, 2026, 09:30 UTC');
    expect(mail.text).toContain('Transaction ID: pi_3Q<x>');
    expect(mail.text).toContain('Amount paid: $23,400.00');
    expect(mail.text).toContain('at $48.60 = $12,150.00');
    expect(mail.html).toContain('pi_3Q&lt;x&gt;');
    expect(mail.text).not.toContain('Pay now');
  });

  describe('ux 2026-11-28 #36: the receipt names the invoice', () => {
    const invoice = {
      number: '2026-000004',
      issuedAt: '2026-11-24T09:30:00.000Z',
      dueAt: '2026-11-24T09:30:00.000Z',
      amountDue: 0,
      onAccount: null,
    };
    const paid = {
      paid: true,
      paymentStatus: 'paid' as const,
      orderStatus: 'placed' as const,
      paidAt: '2026-11-24T09:30:00.000Z',
    };

    it('paid by card: the invoice number, and the card payment’s transaction id', () => {
      const mail = renderOrderMail(
        'order-paid',
        sampleOrder({ ...paid, transactionId: 'pi_3Q', trxId: 'pi_3Q', invoice }),
        { publicUrl: PUBLIC_URL, now: NOW },
      );
      expect(mail.text).toContain('Invoice number: 2026-000004');
      expect(mail.html).toContain('2026-000004');
      expect(mail.text).toContain('Transaction ID: pi_3Q');
    });

    it('an invoice on account settled: the invoice number, and the reference not as a transaction id', () => {
      const mail = renderOrderMail(
        'order-paid',
        sampleOrder({
          ...paid,
          transactionId: '2026-000001',
          trxId: '2026-000001',
          invoice: {
            ...invoice,
            number: '2026-000001',
            onAccount: { termsDays: 30, companyName: 'Acme Systems GmbH', vatId: null },
          },
        }),
        { publicUrl: PUBLIC_URL, now: NOW },
      );
      expect(mail.text).toContain('Invoice number: 2026-000001');
      expect(mail.text).toContain('Payment reference: 2026-000001');
      expect(mail.text).not.toContain('Transaction ID');
    });

    it('marked paid for a bank transfer: the day received and its reference', () => {
      const mail = renderOrderMail(
        'order-paid',
        sampleOrder({
          ...paid,
          transactionId: 'RF18 5390',
          trxId: 'RF18 5390',
          paymentReceivedAt: '2026-11-23T00:00:00.000Z',
          invoice,
        }),
        { publicUrl: PUBLIC_URL, now: NOW },
      );
      expect(mail.text).toContain('Invoice number: 2026-000004');
      expect(mail.text).toContain('Received on: Nov 23, 2026');
      expect(mail.text).toContain('Payment reference: RF18 5390');
      expect(mail.text).not.toContain('Transaction ID');
    });
  });

  it('ux 2026-11-28 #13: an invoice’s mail asks for no transfer when the shop has no bank details', () => {
    const order = sampleOrder({
      paymentStatus: 'invoiced',
      orderStatus: 'placed',
      invoice: {
        number: '2026-000001',
        issuedAt: '2026-11-23T16:00:00.000Z',
        dueAt: '2026-12-23T16:00:00.000Z',
        amountDue: 23_400,
        onAccount: { termsDays: 30, companyName: 'Acme Systems GmbH', vatId: 'DE123456789' },
      },
    });
    const without = renderOrderMail('order-invoiced', order, {
      publicUrl: PUBLIC_URL,
      now: NOW,
      bankDetails: false,
    });
    expect(without.text).toContain('Please contact us for the payment details');
    expect(without.text).not.toContain('bank transfer');
    const withDetails = renderOrderMail('order-invoiced', order, {
      publicUrl: PUBLIC_URL,
      now: NOW,
    });
    expect(withDetails.text).toContain('Please quote the invoice number with your bank transfer.');
  });

  it('shipped: carrier, tracking number and date; or says there is no tracking number', () => {
    const shipped = sampleOrder({
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'shipped',
      shippedAt: '2026-11-26T08:00:00.000Z',
      shipment: {
        carrier: 'DHL <Express>',
        trackingNumber: 'JD014600003',
        shippedAt: '2026-11-26T08:00:00.000Z',
      },
    });
    const mail = renderOrderMail('order-shipped', shipped, { publicUrl: PUBLIC_URL, now: NOW });
    expect(mail.subject).toBe(
      'Order CF-10234 has shipped: Vortex RGB <script>alert(1)</script> + 1 more',
    );
    expect(mail.text).toContain('Order number: CF-10234');
    expect(mail.text).toContain('PO number: PO-2026-<b>17</b>');
    expect(mail.text).toContain('Carrier: DHL <Express>');
    expect(mail.text).toContain('Tracking number: JD014600003');
    expect(mail.text).toContain('Shipped on: Nov 26, 2026');
    expect(mail.text).toContain('250 x PowerCore 750W Gold & Co');
    expect(mail.html).toContain('DHL &lt;Express&gt;');
    const untracked = renderOrderMail(
      'order-shipped',
      { ...shipped, shipment: null },
      { publicUrl: PUBLIC_URL, now: NOW },
    );
    expect(untracked.text).toContain('did not give a tracking number');
    expect(untracked.text).not.toContain('Carrier:');
  });

  it("shipped: a listed carrier's tracking number links to its page, encoded, in text and HTML", () => {
    const shipped = sampleOrder({
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'shipped',
      shippedAt: '2026-11-26T08:00:00.000Z',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z 99"<9>',
        shippedAt: '2026-11-26T08:00:00.000Z',
      },
    });
    const mail = renderOrderMail('order-shipped', shipped, { publicUrl: PUBLIC_URL, now: NOW });
    // The spaces are left out of the link (ux 2026-11-28 #35); the number shows as stored.
    const url = 'https://www.ups.com/track?tracknum=1Z99%22%3C9%3E';
    expect(mail.text).toContain(`Tracking number: 1Z 99"<9> (${url})`);
    expect(mail.html).toContain(
      `<a href="${url}" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8">1Z 99&quot;&lt;9&gt;</a>`,
    );
    // An 'Other' carrier (the test above: 'DHL <Express>') has no link.
    const other = renderOrderMail(
      'order-shipped',
      { ...shipped, shipment: { ...shipped.shipment!, carrier: 'Acme Freight' } },
      { publicUrl: PUBLIC_URL, now: NOW },
    );
    expect(other.text).toContain('Tracking number: 1Z 99"<9>\n');
    expect(other.html).not.toContain('ups.com');
  });

  it('ux 2026-11-28 #35: a tracking number printed in groups links without spaces', () => {
    const shipped = sampleOrder({
      paid: true,
      paymentStatus: 'paid',
      orderStatus: 'shipped',
      shippedAt: '2026-11-26T08:00:00.000Z',
      shipment: {
        // An order shipped before numbers were stored without spaces.
        carrier: 'DHL',
        trackingNumber: 'JD01 4600 0062 8123 4567',
        shippedAt: '2026-11-26T08:00:00.000Z',
      },
    });
    const mail = renderOrderMail('order-shipped', shipped, { publicUrl: PUBLIC_URL, now: NOW });
    const url = 'https://www.dhl.com/en/express/tracking.html?AWB=JD014600006281234567';
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).not.toContain('%20');
  });

  it('cancelled: a greeting, why, the lines, the order and PO numbers and a link to the order', () => {
    const mail = renderOrderMail('order-cancelled', sampleOrder(), {
      publicUrl: PUBLIC_URL,
      now: NOW,
      cancelReason: 'expired',
    });
    expect(mail.subject).toBe(
      'Order CF-10234 was cancelled: Vortex RGB <script>alert(1)</script> + 1 more',
    );
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hello Daniel "Dan" Okafor,');
    expect(mail.text).toContain('was cancelled because it was not paid in time');
    expect(lines).toContain('250 x PowerCore 750W Gold & Co');
    expect(lines).toContain('Order number: CF-10234');
    expect(lines).toContain('PO number: PO-2026-<b>17</b>');
    expect(lines).toContain(
      'View your order: https://shop.example.com/dashboard/orders/6742b1c09f3a2b1c4d5e6f70',
    );
    expect(lines.at(-1)).toBe('The CaseForge team');
    const withoutPo = renderOrderMail('order-cancelled', sampleOrder({ poNumber: null }), {
      publicUrl: PUBLIC_URL,
      cancelReason: 'product-removed',
    });
    expect(withoutPo.text).not.toContain('PO number');
    expect(withoutPo.text).toContain('we no longer sell one of its products');
  });

  it("shop: the new order's number, customer, total, lines, address and a link, to the shop", () => {
    const mail = renderOrderMail(
      'shop-order-placed',
      sampleOrder({ address: 'Nordic Systems GmbH\nHafenstrasse 12\n20457 Hamburg' }),
      { publicUrl: PUBLIC_URL, now: NOW },
    );
    expect(mail.subject).toBe('New order CF-10234 from Daniel "Dan" Okafor: $23,400.00');
    expect(mail.text).toContain('Hello CaseForge team,');
    expect(mail.text).toContain('Order number: CF-10234');
    expect(mail.text).toContain('Customer: Daniel "Dan" Okafor <daniel@example.com>');
    expect(mail.text).toContain('Ship to: Nordic Systems GmbH, Hafenstrasse 12, 20457 Hamburg');
    expect(mail.text).toContain('PO number: PO-2026-<b>17</b>');
    expect(mail.text).toContain('250 x PowerCore 750W Gold & Co at $48.60 = $12,150.00');
    expect(mail.text).toContain(
      'Open the order: https://shop.example.com/dashboard/orders/6742b1c09f3a2b1c4d5e6f70',
    );
    // Not the customer's mail: no greeting by name, no pay link.
    expect(mail.text).not.toContain('Hello Daniel');
    expect(mail.text).not.toContain('Pay now');
    expect(mail.html).not.toContain('<script>');
  });
});
