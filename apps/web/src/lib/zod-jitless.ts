/**
 * zod compiles a fast path for object schemas with `new Function`, which the shop's Content
 * Security Policy (`script-src 'self'`) refuses: the first parse of a schema in the page (the
 * order list's quantity rules on every product card, the forms) reported a CSP violation, and
 * Lighthouse's best practices lost points for it, before zod fell back to its plain path. Its
 * `jitless` setting skips the attempt.
 *
 * zod keeps its settings in one object on `globalThis`, shared by every copy of zod on the page
 * (zod/v4/core/core.js); filling it in here works whether zod has loaded yet or not, and keeps zod
 * itself out of the home page's bundle (importing its `config` would pull 3.6 KB gzip into it).
 * zod-jitless.test.ts checks that zod still reads it.
 */
export function keepZodWithinCsp(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
