import { afterEach, describe, expect, it } from 'vitest';
import { config, z } from 'zod';
import { keepZodWithinCsp } from './zod-jitless';

describe('keepZodWithinCsp', () => {
  afterEach(() => {
    config({ jitless: false });
  });

  it("turns on zod's jitless setting, which zod reads from where it puts it", () => {
    config({ jitless: false });
    keepZodWithinCsp();
    expect(config().jitless).toBe(true);
  });

  it('keeps schemas working: zod parses objects without compiling code', () => {
    keepZodWithinCsp();
    const schema = z.object({ quantity: z.number().int().min(1) });
    expect(schema.parse({ quantity: 3 })).toEqual({ quantity: 3 });
    expect(schema.safeParse({ quantity: 0 }).success).toBe(false);
  });
});
