import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field';

interface FieldProps {
  label: string;
  error?: string | undefined;
  /** A line under the control that says what the field is for, read with it. */
  hint?: string | undefined;
}

interface InputProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  multiline?: false;
  ref?: Ref<HTMLInputElement>;
}

interface TextAreaProps extends FieldProps, TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Several lines of text (an address, a description): a textarea. */
  multiline: true;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The control's own attributes: `multiline` chooses the element and is not one of them. */
function domProps<T extends { multiline?: boolean }>({
  multiline: _multiline,
  ...attributes
}: T): Omit<T, 'multiline'> {
  return attributes;
}

/** A labelled text input, or with `multiline` a textarea, with its hint and error message. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...control
}: InputProps | TextAreaProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(field) => {
        if (control.multiline) {
          return (
            <textarea
              className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
              {...field}
              {...domProps(control)}
            />
          );
        }
        return (
          <input
            className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
            {...field}
            {...domProps(control)}
          />
        );
      }}
    </FormField>
  );
}
