import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({ label, error, ref, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
