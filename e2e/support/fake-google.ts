import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenID Connect provider standing in for Google in the browser tests, built on
 * oidc-provider. The shop reads `${issuer}/.well-known/openid-configuration` and runs the
 * authorization-code flow with PKCE against it, exactly as it does against Google.
 *
 * The browser side: every authorization request shows one login page with an "Email" field and a
 * "Sign in" button (plus "Cancel", which sends the shop `error=access_denied` like declining at
 * Google). Only the configured accounts can sign in; consent is granted automatically.
 */

export interface FakeGoogleAccount {
  email: string;
  name: string;
  /** What the provider asserts in `email_verified`; true unless a test says otherwise. */
  emailVerified?: boolean;
}

export interface FakeGoogle {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The accounts used when a test passes none. */
export const defaultFakeGoogleAccounts: readonly FakeGoogleAccount[] = [
  { email: 'shopper@example.com', name: 'Sam Shopper' },
  // Also registered with a password by a test, email unconfirmed: Google may not join it.
  { email: 'linker@example.com', name: 'Lin Linker' },
];

const clientId = 'shop-test-client';

// oidc-provider v9 ships no type declarations (DefinitelyTyped only covers v8, and it is not
// installed), so the few parts used here are described below and the import is cast to them.

interface OidcGrant {
  accountId?: string;
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface OidcGrantClass {
  new (init: { accountId: string; clientId: string }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
}

/** The Koa context oidc-provider hands to its configuration functions. */
interface OidcContext {
  type: string;
  body: unknown;
  oidc: {
    provider: { Grant: OidcGrantClass };
    client: { clientId: string };
    account?: { accountId: string };
    session: { grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
  };
}

interface OidcAccount {
  accountId: string;
  claims(): Record<string, unknown>;
}

interface InteractionDetails {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
}

type InteractionResult =
  { login: { accountId: string } } | { error: string; error_description: string };

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  /** Stores the result and answers with a 303 back into the authorization flow. */
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResult,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
}

interface OidcProviderModule {
  default: new (issuer: string, configuration: object) => OidcProvider;
}

/**
 * True for oidc-provider's start-up notices: it warns about its in-memory storage and built-in
 * signing keys, both right for a throwaway test provider.
 */
function isOidcNotice(args: unknown[]): boolean {
  const [first] = args;
  return (
    typeof first === 'string' &&
    (first.includes('oidc-provider WARNING:') || first.includes('oidc-provider NOTICE:'))
  );
}

/** Drops oidc-provider's notices, keeping every other console message, until the returned call. */
function muteOidcNotices(): () => void {
  const { warn, info } = console;
  console.warn = (...args: unknown[]) => {
    if (!isOidcNotice(args)) warn.apply(console, args);
  };
  console.info = (...args: unknown[]) => {
    if (!isOidcNotice(args)) info.apply(console, args);
  };
  return () => {
    console.warn = warn;
    console.info = info;
  };
}

export async function startFakeGoogle(options: {
  redirectUri: string;
  accounts?: FakeGoogleAccount[];
  port?: number;
}): Promise<FakeGoogle> {
  // On the supported Node LTS lines the import itself is silent (on Node 20 it warned).
  const { default: Provider } =
    // @ts-expect-error -- oidc-provider v9 has no type declarations; see OidcProviderModule.
    await (import('oidc-provider') as Promise<OidcProviderModule>);
  const accounts = options.accounts ?? defaultFakeGoogleAccounts;
  // Hex, because client_secret_basic form-decodes the secret and hex survives that unchanged.
  const clientSecret = randomBytes(24).toString('hex');

  // Emails compare case-insensitively, as at Google; the account id (the `sub`) is the listed email.
  const findByEmail = (email: string) =>
    accounts.find((account) => account.email.toLowerCase() === email.trim().toLowerCase());

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        // Plain http redirect URIs are valid for the default `web` application type (only the
        // implicit grant demands https), so no `native` client or relaxed checks are needed.
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // The provider accepts client_secret_post too for any client registered with a secret.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Google's scopes and claims; `openid` alone, because Google has no `offline_access` scope.
    scopes: ['openid'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the profile claims in the ID token as well as at userinfo; oidc-provider by
    // default only returns them from userinfo when an access token is issued.
    conformIdTokenClaims: false,
    // Google accepts authorization requests without PKCE from confidential clients, but the shop
    // must always use it, so the fake insists and a regression fails the sign-in tests.
    pkce: { required: () => true },
    features: {
      // The built-in pages accept any login with any password and have no form labels.
      devInteractions: { enabled: false },
      // Google's discovery document has no end_session_endpoint, so the shop must not see one.
      rpInitiatedLogout: { enabled: false },
    },
    // The `request` handler below serves this path.
    interactions: {
      url: (_ctx: OidcContext, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: OidcContext, id: string): Promise<OidcAccount | undefined> {
      const account = findByEmail(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
        }),
      };
    },
    // Consent is implied: the grant always covers what the shop asks for, so the provider never
    // shows a consent step and the browser goes straight back to the shop after the login.
    async loadExistingGrant(ctx: OidcContext): Promise<OidcGrant | undefined> {
      const { provider, client, account, session, result } = ctx.oidc;
      if (!account) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const grant =
        existing?.accountId === account.accountId
          ? existing
          : new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    // Errors the provider cannot send back to the shop (a wrong redirect_uri, say) show up here;
    // the default page pulls a web font, which a test machine may not reach.
    renderError(ctx: OidcContext, out: Record<string, unknown>): void {
      ctx.type = 'html';
      ctx.body = page(
        'Fake Google error',
        `<h1>Something went wrong</h1>${Object.entries(out)
          .map(
            ([key, value]) =>
              `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`,
          )
          .join('')}`,
      );
    },
    // Only the shop's server calls the back-channel endpoints, never a browser.
    clientBasedCORS: () => false,
    // Explicit lifetimes, since the defaults print a notice each; any value outlives a test.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
  };

  let provider: OidcProvider;
  const unmute = muteOidcNotices();
  try {
    provider = new Provider(issuer, configuration);
  } catch (error) {
    // A rejected configuration (a malformed redirectUri, say) must not leave the port open.
    server.close();
    throw error;
  } finally {
    unmute();
  }
  const handleOidc = provider.callback();

  /** The login page, the login form's target and the cancel button's target. */
  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    action: string | undefined,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      // loadExistingGrant grants consent up front, so only a bug here leads to another prompt.
      sendHtml(
        res,
        500,
        page('Fake Google error', `<p>Unexpected prompt ${escapeHtml(details.prompt.name)}</p>`),
      );
      return;
    }
    const loginHint =
      typeof details.params['login_hint'] === 'string' ? details.params['login_hint'] : '';

    if (req.method === 'GET' && action === undefined) {
      sendHtml(res, 200, loginPage(details.uid, loginHint, undefined));
    } else if (req.method === 'POST' && action === 'login') {
      const email = new URLSearchParams(await readBody(req)).get('email') ?? '';
      const account = findByEmail(email);
      if (account) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.email } },
          { mergeWithLastSubmission: false },
        );
      } else {
        sendHtml(
          res,
          401,
          loginPage(details.uid, email, `No account uses ${email || 'that email'}.`),
        );
      }
    } else if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    } else {
      sendHtml(res, 404, page('Fake Google error', '<p>Not found</p>'));
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', issuer);
    if ((pathname === '/auth' || pathname.startsWith('/auth/')) && req.headers.cookie) {
      // The authorization endpoint and its resume step (/auth/<uid>) never see the provider's
      // session cookie, as if each sign-in ran in a fresh private window: the login page always
      // shows (tests meet the same page every time and can switch accounts), and the provider never
      // has to end an earlier account's session first, a detour through its logout pages.
      req.headers.cookie = req.headers.cookie
        .split(';')
        .filter((cookie) => !cookie.trim().startsWith('_session'))
        .join(';');
    }
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(pathname);
    if (!match) {
      handleOidc(req, res);
      return;
    }
    handleInteraction(req, res, match[2]).catch((error: unknown) => {
      // Mostly an expired or missing interaction cookie; the page says so instead of hanging.
      const message = error instanceof Error ? error.message : String(error);
      if (res.headersSent) res.end();
      else sendHtml(res, 400, page('Fake Google error', `<p>${escapeHtml(message)}</p>`));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers and fetch keep connections alive, which would hold close() open.
        server.closeAllConnections();
      }),
  };
}

function loginPage(uid: string, email: string, error: string | undefined): string {
  return page(
    'Sign in - Fake Google',
    `<h1>Fake Google</h1>
    <p>Sign in to continue to ${escapeHtml(clientId)}</p>
    <form method="post" action="/interaction/${escapeHtml(uid)}/login">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus
        value="${escapeHtml(email)}"${error ? ' aria-describedby="error"' : ''}>
      ${error ? `<p id="error" role="alert">${escapeHtml(error)}</p>` : ''}
      <button type="submit">Sign in</button>
    </form>
    <form method="post" action="/interaction/${escapeHtml(uid)}/abort">
      <button type="submit">Cancel</button>
    </form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem; }
      label, input, button { display: block; font-size: 1rem; }
      input { width: 100%; box-sizing: border-box; margin: 0.25rem 0 1rem; padding: 0.5rem; }
      button { padding: 0.5rem 1rem; margin-bottom: 0.5rem; }
      [role='alert'] { color: #b00020; }
    </style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  // No encoding is set on the request, so its chunks are Buffers.
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
