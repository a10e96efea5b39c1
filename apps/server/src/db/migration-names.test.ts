import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Db } from './database.js';
import { migrations } from './migrate.js';

/**
 * Numbers that parallel branches reserved and never used (code review 2026-11-28, section 9).
 * They stay unused for good: a database past one refuses a migration numbered below its latest
 * (the Migrator runs without `allowUnorderedMigrations`), so a late `0021-*` would fail every
 * deployed shop. A new migration takes the number after the last one.
 */
const NEVER_USED = ['0021', '0025', '0026', '0029', '0031', '0033', '0034'];

const dialects = ['sqlite', 'postgres'] as const;
const namesFor = (dialect: (typeof dialects)[number]) => Object.keys(migrations({ dialect } as Db));

describe('migration names', () => {
  it('are numbered one after another, apart from the numbers never used, in the order they run', () => {
    for (const dialect of dialects) {
      const names = namesFor(dialect);
      const numbers = names.map((name) => /^(\d{4})-[a-z0-9-]+$/.exec(name)?.[1]);
      expect(numbers, `${dialect}: every name is NNNN-words`).not.toContain(undefined);
      const last = Number(numbers.at(-1));
      const expected = Array.from({ length: last }, (_, at) =>
        String(at + 1).padStart(4, '0'),
      ).filter((number) => !NEVER_USED.includes(number));
      expect(numbers, dialect).toEqual(expected);
    }
  });

  it('name a file each, and every migration file is registered', () => {
    const folder = fileURLToPath(new URL('./migrations', import.meta.url));
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(namesFor('sqlite').sort()).toEqual(files);
  });
});
