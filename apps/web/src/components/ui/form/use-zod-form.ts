import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { showFieldErrors, showServerErrors } from '../../../lib/form-errors';

/** A zod schema whose input is a form's values (strings, arrays of rows). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The server's field errors (a 400's `fields`) under this form's fields; true when any was. */
  showFieldErrors: (error: unknown) => boolean;
  /** The server's field errors under the fields, anything else in a toast saying `fallback`. */
  showServerErrors: (error: unknown, fallback: string) => void;
};

/**
 * Every field a form holds now, as the server names them: `name`, `specs.1.value`. Taken from
 * the values, so rows added to a field array are fields too.
 */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (Array.isArray(values) || (typeof values === 'object' && values !== null)) {
    return Object.entries(values).flatMap(([key, value]) =>
      fieldPaths(value, prefix ? `${prefix}.${key}` : key),
    );
  }
  return prefix ? [prefix] : [];
}

/**
 * The schema's resolver, with an issue about the whole form (a refinement over several fields,
 * which has no path) as `errors.root`, where a form can show it, rather than under no field.
 */
function formResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    const whole = errors[''];
    if (whole === undefined) return result;
    delete errors[''];
    return { values: {}, errors: { ...errors, root: whole } } as typeof result;
  };
}

/**
 * The shop's form: react-hook-form checked by a shared zod schema (the same one the server
 * parses with), each error said once the field is left (`onTouched`) unless `options.mode` says
 * otherwise, and the server's 400 `fields` put under the fields they name.
 * After Bulletproof React's `components/ui/form/form.tsx`.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: ZodFormOptions<S> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: formResolver(schema),
  });
  const fields = () => fieldPaths(form.getValues()) as Path<z.input<S>>[];
  return {
    ...form,
    showFieldErrors: (error) => showFieldErrors(error, fields(), form.setError),
    showServerErrors: (error, fallback) =>
      showServerErrors(error, fields(), form.setError, fallback),
  };
}
