import { createHash } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** API tokens live a day; the session behind them must still be live on every call. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = 'caseforge-shop';
/** Verified tokens kept (until they expire), so a busy client's token is checked once. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessTokenClaims {
  /** The shop user's id. */
  userId: string;
  /** The Better Auth session the token was issued for; signing out ends the token too. */
  sessionId: string;
}

export interface IssuedClaims extends AccessTokenClaims {
  /** For the web app to know whose token it holds; the server trusts only the database. */
  email: string;
}

/**
 * HS256 tokens through fast-jwt, which signs and verifies synchronously with node:crypto (a
 * WebCrypto verification cost ~15 times more, on the thread pool) and keeps verified tokens.
 */
export function createAccessTokens(secret: string) {
  // A key of its own, so a token can never be confused with a session cookie signature.
  const key = createHash('sha256').update(`api-access-token:${secret}`).digest();
  // The payload carries iat and exp itself, so a test can issue a token in the past.
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  const check = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'sid', 'exp'],
  });
  /**
   * Tokens verified before, by their exact text, with their claims and expiry: a busy client's
   * token is checked once. (fast-jwt's own cache hashes every token to look it up, which costs
   * more than this whole map.) The oldest goes first past VERIFIED_CACHE_SIZE.
   */
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

  function claimsOf(token: string): AccessTokenClaims | undefined {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      verified.delete(token);
      return undefined;
    }
    let payload: unknown;
    try {
      payload = check(token);
    } catch (error) {
      if (error instanceof TokenError) return undefined;
      throw error;
    }
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { sub, sid, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      return undefined;
    }
    const claims = { userId: sub, sessionId: sid };
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
    return claims;
  }

  return {
    async issue(claims: IssuedClaims, now = Date.now()): Promise<string> {
      const issuedAt = Math.floor(now / 1000);
      return sign({
        sub: claims.userId,
        sid: claims.sessionId,
        email: claims.email,
        iss: ISSUER,
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
      });
    },

    /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessTokenClaims | undefined> {
      return claimsOf(token);
    },

    /**
     * The same check, synchronous: for the request budget, which runs before Fastify and keys a
     * signed-in client on its account (a forged or expired token is no account's).
     */
    claimsOf,
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
