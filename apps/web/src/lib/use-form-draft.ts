import { useEffect, useRef } from 'react';
import {
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormSetValue,
} from 'react-hook-form';

/*
 * A form's draft in session storage (issue 22, defect 19): what was typed survives a sign-in in
 * the middle (an ended session sends the buyer to /login and back) and a reload, in this tab
 * only, and goes when the tab closes. The key names the form and the user, so a draft never
 * reaches another account. Only text fields are kept.
 */

const PREFIX = 'form-draft:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored draft of `key`: its text fields, or an empty object. */
export function readFormDraft(key: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(PREFIX + key) ?? 'null');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

function writeFormDraft(key: string, draft: Record<string, string>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Full or refused: the form still works, only without a draft.
  }
}

/** Forgets the draft (after the form's work is done: the order placed). */
export function clearFormDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing stored.
  }
}

/**
 * Keeps the `fields` of a react-hook-form form in the draft `key` as they are typed, and puts a
 * stored draft back when the form mounts (as typed values: dirty, so defaults that arrive later
 * do not replace them). Another part of the form (billing fields, say) joins by adding its field
 * names, or calls this with a key of its own. `key` null: no user yet, nothing kept.
 */
export function useFormDraft<T extends FieldValues>(
  key: string | null,
  form: { control: Control<T>; setValue: UseFormSetValue<T> },
  fields: readonly Path<T>[],
): void {
  const { control, setValue } = form;
  const values: unknown[] = useWatch({ control, name: [...fields] });
  const text = JSON.stringify(values);
  /** The key whose draft was put back. */
  const restored = useRef<string | null>(null);
  /** The values from before the draft was put back: not a draft to keep. */
  const before = useRef<string | null>(null);

  useEffect(() => {
    if (key === null || restored.current === key) return;
    const draft = readFormDraft(key);
    for (const field of fields) {
      const value = draft[field];
      if (value !== undefined) {
        setValue(field, value as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
    restored.current = key;
    before.current = text;
    // The fields are a list written in the calling component: its contents, not its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, setValue, fields.join('\n')]);

  useEffect(() => {
    if (key === null || restored.current !== key || before.current === text) return;
    before.current = null;
    const current: unknown[] = JSON.parse(text) as unknown[];
    const draft: Record<string, string> = {};
    fields.forEach((field, index) => {
      const value = current[index];
      if (typeof value === 'string') draft[field] = value;
    });
    writeFormDraft(key, draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, text]);
}
