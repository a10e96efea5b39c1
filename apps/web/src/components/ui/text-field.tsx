import type { InputHTMLAttributes, Ref } from 'react';
import { FormField } from './form-field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message. */
export function TextField({ label, error, hint, ref, className, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <input
          ref={ref}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          {...control}
          {...input}
        />
      )}
    </FormField>
  );
}
