import type { Ref, SelectHTMLAttributes } from 'react';
import { FormField } from './form-field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its error message. */
export function SelectField({
  label,
  error,
  options,
  ref,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select
          ref={ref}
          className={`select w-full ${error ? 'select-error' : ''} ${className ?? ''}`}
          {...control}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
