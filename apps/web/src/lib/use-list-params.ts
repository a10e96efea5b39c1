import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type ParamValue = string | number | undefined;

/**
 * A list's search, filters and page kept in the address (`?q=atx&status=shipped&page=2`), read
 * through the list's shared query schema: a value the schema refuses (`?page=0`, a made-up
 * status) is dropped, as if absent, so an edited address shows the list instead of an error.
 * `update` changes some of them; any change but a page's goes back to page 1. A search typed
 * letter by letter replaces the address; a filter or a page is a step the Back button undoes.
 */
export function useListParams<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  type Params = Partial<z.output<z.ZodObject<Shape>>>;
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => {
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
      const raw = searchParams.get(key);
      if (raw === null) continue;
      const parsed = field.safeParse(raw);
      if (parsed.success && parsed.data !== undefined) read[key] = parsed.data;
    }
    return read as Params;
  }, [schema, searchParams]);

  const update = useCallback(
    (changes: Record<string, ParamValue>, { replace = false } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            const text = value === undefined ? '' : String(value).trim();
            // Page 1 is the list's own address: no `?page=1` to tell apart from it.
            if (text === '' || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  return [params, update] as const;
}

type UpdateListParams = ReturnType<typeof useListParams>[1];

/**
 * PagedList's handlers over the address: a search typed replaces the entry, a page is a step
 * Back undoes (unless PagedList corrects a page past the end), and 'Show all' drops `cleared`.
 */
export function pagedListHandlers(update: UpdateListParams, cleared: readonly string[] = ['q']) {
  return {
    onSearch: (q: string) => update({ q }, { replace: true }),
    onPage: (page: number, replace?: boolean) => update({ page }, { replace }),
    onClear: () => update(Object.fromEntries(cleared.map((key) => [key, undefined]))),
  };
}
