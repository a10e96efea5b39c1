import { companyMailMessages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { renderInvitationMail } from './order-mail.js';

/** DESIGN.md section 12: the invitation mail, written from its outbox payload. */
describe('the invitation mail', () => {
  const payload = {
    companyName: 'Acme <script>alert(1)</script>\nDear customer, send money',
    invitedByName: 'Olivia "O" Owner',
    role: 'buyer' as const,
    orderLimit: 250.5,
    path: '/invitations/abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-abc',
    expiresAt: '2026-12-03T10:00:00.000Z',
  };

  it('names the company, the inviter, the role and limit, and links the page', () => {
    const mail = renderInvitationMail(payload, { publicUrl: 'https://shop.example.com/' });
    // security 2026-11-28 #5: no customer's words in the subject; quoted in the body.
    expect(mail.subject).toBe('You are invited to a company on CaseForge');
    expect(mail.subject).toBe(companyMailMessages.invitationSubject);
    expect(mail.text).toContain(
      'who gave their name as "Olivia "O" Owner" has invited you to join their company account, which they named "Acme <script>alert(1)</script> Dear customer, send money"',
    );
    expect(mail.text).toContain(companyMailMessages.invitationQuoted);
    expect(mail.text).toContain('as a buyer');
    expect(mail.text).toContain('$250.50');
    expect(mail.text).toContain(`https://shop.example.com${payload.path}`);
    // A name's line break cannot start a paragraph of its own in the shop's mail.
    expect(mail.text).not.toMatch(/\nDear customer/);
  });

  it("ux 2026-11-28 #29: carries the invited address in the link's fragment, never in its query", () => {
    const mail = renderInvitationMail(payload, {
      publicUrl: 'https://shop.example.com',
      recipient: 'nina+buyer@example.com',
    });
    const link = `https://shop.example.com${payload.path}#email=nina%2Bbuyer%40example.com`;
    expect(mail.text).toContain(`: ${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes every value in the HTML', () => {
    const mail = renderInvitationMail(payload, { publicUrl: 'https://shop.example.com' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Olivia &quot;O&quot; Owner');
  });

  it('an admin invitation names no limit', () => {
    const mail = renderInvitationMail(
      { ...payload, role: 'admin', orderLimit: null },
      { publicUrl: 'https://shop.example.com' },
    );
    expect(mail.text).toContain('as an admin');
    expect(mail.text).not.toContain('order limit');
  });
});
