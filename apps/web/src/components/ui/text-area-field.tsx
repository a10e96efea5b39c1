import type { Ref, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its error message. */
export function TextAreaField({ label, error, ref, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <textarea
          ref={ref}
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
          {...control}
          {...textarea}
        />
      )}
    </FormField>
  );
}
