import { useId, useRef, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface RowInput {
  /** The input's own name for screen readers ("Spec 2 value"); the columns show it on screen. */
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  attributes?: InputHTMLAttributes<HTMLInputElement>;
}

export interface EditorRow {
  key: string;
  inputs: readonly [RowInput, RowInput];
  removeLabel: string;
}

interface RowEditorProps {
  legend: string;
  hint: string;
  /** The two column headings shown above the rows. */
  columns: readonly [string, string];
  rows: readonly EditorRow[];
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** A message about the rows as a whole (too many). */
  error?: string | undefined;
  /** Gives the second column more room (a spec's value is longer than its name). */
  wideSecond?: boolean;
}

const ROW = 'grid items-start gap-2';
const EVEN = 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem]';
const WIDE_SECOND = 'grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.5rem]';

/** Rows of two inputs with add and remove buttons: the specs and price breaks of a product. */
export function RowEditor({
  legend,
  hint,
  columns,
  rows,
  addLabel,
  canAdd,
  onAdd,
  onRemove,
  error,
  wideSecond = false,
}: RowEditorProps) {
  const id = useId();
  const rowClass = `${ROW} ${wideSecond ? WIDE_SECOND : EVEN}`;
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="fieldset border-base-300 rounded-box border px-3 pb-3 sm:col-span-2">
      <legend className="fieldset-legend px-1">{legend}</legend>
      <p id={`${id}-hint`} className="text-base-content/70 text-sm">
        {hint}
      </p>
      {rows.length > 0 && (
        // Each input has its own label; the headings only show sighted users the columns.
        <div aria-hidden="true" className={`${rowClass} text-sm font-medium`}>
          <span>{columns[0]}</span>
          <span>{columns[1]}</span>
        </div>
      )}
      <ul className="space-y-2">
        {rows.map((row, index) => (
          <li key={row.key} className={rowClass}>
            {row.inputs.map((input) => {
              const inputId = `${id}-${row.key}-${input.registration.name}`;
              return (
                <div key={input.registration.name} className="min-w-0">
                  <label htmlFor={inputId} className="sr-only">
                    {input.label}
                  </label>
                  <input
                    id={inputId}
                    className={`input w-full ${input.error ? 'input-error' : ''}`}
                    autoComplete="off"
                    aria-invalid={input.error ? true : undefined}
                    aria-describedby={input.error ? `${inputId}-error` : undefined}
                    {...input.attributes}
                    {...input.registration}
                  />
                  {input.error && (
                    <p id={`${inputId}-error`} className="text-error mt-1 text-sm">
                      {input.error}
                    </p>
                  )}
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-ghost btn-square"
              aria-label={row.removeLabel}
              onClick={() => {
                onRemove(index);
                // The removed row took the focus with it: hand it to a control that stays.
                addButton.current?.focus();
              }}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      )}
      <div>
        <button
          ref={addButton}
          type="button"
          className="btn btn-sm btn-outline"
          aria-describedby={`${id}-hint`}
          disabled={!canAdd}
          onClick={onAdd}
        >
          + {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
