import { messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Half of a UTF-16 surrogate pair, which no UTF-8 text can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const notAllowed = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path (`address`, `items.0.name`) of the first string holding such a character, if any. */
export function disallowedTextPath(root: unknown, rootPath: string): string | undefined {
  // Iterative: a hostile body may nest thousands of levels deep.
  const pending: [unknown, string][] = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, at] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (notAllowed(value)) return at;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (notAllowed(key)) return at || 'request';
      pending.push([child, path]);
    }
  }
  return undefined;
}

/**
 * Refuses any request whose params, query or JSON body holds a NUL character or a lone UTF-16
 * surrogate (JSON can spell both: `\u0000`, `\ud800`). No field of the shop can mean one;
 * PostgreSQL cannot store or even compare text holding a NUL (the query fails: a 500), and SQLite
 * stores a lone surrogate as bytes that read back as other text. Runs after the access guard and
 * the body parser, before validation, for every route (the identity service's too).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path =
      disallowedTextPath(request.params, '') ??
      disallowedTextPath(request.query, '') ??
      disallowedTextPath(request.body, '');
    if (path !== undefined) {
      throw new AppError('validation_failed', messages.invalidCharacter, {
        [path || 'request']: messages.invalidCharacter,
      });
    }
  });
}
