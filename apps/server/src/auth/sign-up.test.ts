import { apiErrorSchema, messages } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { cookieFrom, issueToken, registerAccount, uniqueEmail } from '../test/factories.js';
import { EXISTING_ACCOUNT_MAIL_SUBJECT } from './auth.js';
import type { Mail } from './mailer.js';

/** What an attacker could compare between two sign-up answers (the ids and times aside). */
function shapeOf(res: LightMyRequestResponse) {
  const body = res.json() as { token: unknown; user: Record<string, unknown> };
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    setCookie: res.headers['set-cookie'],
    keys: Object.keys(body).sort(),
    token: body.token,
    userKeys: Object.keys(body.user).sort(),
    emailVerified: body.user['emailVerified'],
    image: body.user['image'],
  };
}

describe.each(testDatabases)(
  'finding 8: sign-up tells nobody who has an account on $name',
  (kind) => {
    const shop = withShop(kind, {
      deps: { mailer: { send: async (mail) => void outbox.push(mail) } },
    });
    const outbox: Mail[] = [];

    const signUp = (email: string, password: string, name: string, remoteAddress: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress,
        payload: { email, password, name },
      });
    const mailsTo = (email: string, subject?: string) =>
      outbox.filter((mail) => mail.to === email && (!subject || mail.subject === subject));

    it('answers a taken address exactly as a new one: 200, the same body, no session for either', async () => {
      const owner = await registerAccount(shop.app, { name: 'Owner Person' });
      const fresh = uniqueEmail('fresh');
      const asNew = await signUp(fresh, 'attacker-password-1', 'Mallory', '10.80.0.1');
      // The report: `422 User already exists`.
      const asTaken = await signUp(owner.email, 'attacker-password-1', 'Mallory', '10.80.0.2');

      expect(asNew.statusCode).toBe(200);
      expect(asTaken.statusCode).toBe(200);
      expect(shapeOf(asTaken)).toEqual(shapeOf(asNew));
      expect(shapeOf(asNew)).toMatchObject({
        token: null,
        setCookie: undefined,
        emailVerified: false,
      });
      const takenUser = (asTaken.json() as { user: { email: string; name: string; id: string } })
        .user;
      expect(takenUser).toMatchObject({ email: owner.email, name: 'Mallory' });
      // A made-up identity: nothing of the owner's account is shown.
      const stored = await shop.db.kysely
        .selectFrom('auth_user')
        .select(['id', 'name'])
        .where('email', '=', owner.email)
        .executeTakeFirstOrThrow();
      expect(takenUser.id).not.toBe(stored.id);
      expect(stored.name).toBe('Owner Person');

      // Neither answer signed anyone in.
      for (const res of [asNew, asTaken]) {
        const session = await shop.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie: cookieFrom(res.headers['set-cookie']) },
        });
        expect(session.json()).toBeNull();
      }
    });

    it("mails the owner instead, and leaves the owner's account as it was", async () => {
      const owner = await registerAccount(shop.app, { name: 'Owner Person' });
      await vi.waitFor(() => expect(mailsTo(owner.email)).toHaveLength(1)); // the confirmation
      const res = await signUp(owner.email, 'attacker-password-1', 'Mallory', '10.81.0.1');
      expect(res.statusCode).toBe(200);

      const [mail] = await vi.waitFor(() => {
        const sent = mailsTo(owner.email, EXISTING_ACCOUNT_MAIL_SUBJECT);
        expect(sent).toHaveLength(1);
        return sent;
      });
      expect(mail!.text).toContain('Hello Owner Person');
      expect(mail!.text).toMatch(/log in with your password at http:\/\/\S+\/login/);
      expect(mail!.text).toMatch(/\/forgot-password/);
      // Nothing of what the stranger typed reaches the owner's mail.
      expect(mail!.text).not.toContain('Mallory');
      expect(mailsTo(owner.email)).toHaveLength(2);

      const signIn = (password: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.81.0.2',
          payload: { email: owner.email, password },
        });
      expect((await signIn('attacker-password-1')).statusCode).toBe(401);
      const mine = await signIn(owner.password);
      expect(mine.statusCode).toBe(200);
      const token = await issueToken(shop.app, cookieFrom(mine.headers['set-cookie']), owner.email);
      expect(token).not.toBe('');
    });

    it('a new address gets its confirmation mail and signs in afterwards, as the Register page does', async () => {
      const email = uniqueEmail('newcomer');
      const res = await signUp(email, 'newcomer-password-1', 'Nia New', '10.82.0.1');
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1));
      expect(mailsTo(email)[0]!.subject).toMatch(/confirm/i);
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.82.0.1',
        payload: { email, password: 'newcomer-password-1' },
      });
      expect(signIn.statusCode).toBe(200);
      await issueToken(shop.app, cookieFrom(signIn.headers['set-cookie']), email);
    });

    it('still counts sign-ups of a taken address: per account, then per client address', async () => {
      // Per account (8 per 10 minutes, the owner's own sign-up included), from many addresses.
      const owner = await registerAccount(shop.app);
      const perAccount: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        perAccount.push(
          (await signUp(owner.email, 'attacker-password-1', 'Mallory', `10.83.0.${i + 1}`))
            .statusCode,
        );
      }
      expect(perAccount).toEqual([...Array<number>(7).fill(200), 429, 429]);
      const refused = await signUp(owner.email, 'attacker-password-1', 'Mallory', '10.83.1.1');
      expect(apiErrorSchema.parse(refused.json()).error.message).toBe(messages.tooManyAttempts);
      // One mail per attempt that got through, none for the refused ones.
      await vi.waitFor(() =>
        expect(mailsTo(owner.email, EXISTING_ACCOUNT_MAIL_SUBJECT)).toHaveLength(7),
      );

      // Per client address (20 per 10 minutes), taken addresses as any other.
      const owners = [
        await registerAccount(shop.app),
        await registerAccount(shop.app),
        await registerAccount(shop.app),
      ];
      const perAddress: number[] = [];
      for (let i = 0; i < 22; i += 1) {
        const { email } = owners[i % owners.length]!;
        perAddress.push(
          (await signUp(email, 'attacker-password-1', 'Mallory', '10.84.0.1')).statusCode,
        );
      }
      expect(perAddress).toEqual([...Array<number>(20).fill(200), 429, 429]);
    });
  },
);
