import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** API tokens live a day; the session behind them must still be live on every call. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = 'caseforge-shop';

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

export function createAccessTokens(secret: string) {
  // A key of its own, so a token can never be confused with a session cookie signature.
  const key = createHash('sha256').update(`api-access-token:${secret}`).digest();

  return {
    issue(claims: IssuedClaims, now = Date.now()): Promise<string> {
      return new SignJWT({ sid: claims.sessionId, email: claims.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessTokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string') return undefined;
        return { userId: payload.sub, sessionId: payload['sid'] };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
