import { confirmMessages } from '@shop/shared';
import { loadSwal, type ConfirmOptions } from './confirm';

export interface DialogField {
  name: string;
  label: string;
  autoComplete?: string;
  maxLength?: number;
  /** A date picker (`YYYY-MM-DD`) instead of text. */
  type?: 'text' | 'date';
  /** The keyboard a phone shows for a text field ('decimal' for an amount). */
  inputMode?: 'text' | 'decimal';
  /** A choice from these (a select) instead of a text input. */
  options?: readonly { value: string; label: string }[];
  /** The field's value when the dialog opens. */
  value?: string;
  /** Shown only while another field has this value (the carrier's name for 'Other'). */
  shownWhen?: { field: string; value: string };
}

/** What the typed values give: the result to resolve with, or each wrong field's message. */
export type DialogValidation<T> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<string, string>> };

export interface ConfirmFormOptions<T> extends ConfirmOptions {
  fields: readonly DialogField[];
  /** A line under the fields: how they go together. */
  hint?: string;
  validate: (values: Record<string, string>) => DialogValidation<T>;
}

let dialogs = 0;

/** A select of these options, styled as the shop's selects. */
function selectOf(options: readonly { value: string; label: string }[]): HTMLSelectElement {
  const select = document.createElement('select');
  select.className = 'select w-full';
  for (const option of options) {
    const element = document.createElement('option');
    element.value = option.value;
    element.textContent = option.label;
    select.append(element);
  }
  return select;
}

/**
 * The shop's confirmation dialog with a few text fields: resolves with what `validate` makes of
 * them when the user confirms, or null when they cancel. A wrong value keeps the dialog open
 * with the message under its field (tied to it for screen readers) and the focus on the first
 * wrong field; Enter in a field confirms, as in any form.
 */
export async function confirmWithFields<T>({
  title,
  text,
  confirmText,
  tone = 'primary',
  fields,
  hint,
  validate,
}: ConfirmFormOptions<T>): Promise<T | null> {
  const Swal = await loadSwal();
  dialogs += 1;
  const prefix = `dialog-${dialogs}`;

  const form = document.createElement('form');
  form.noValidate = true;
  form.className = 'space-y-1 text-left';
  const intro = document.createElement('p');
  intro.className = 'mb-2 text-center';
  intro.textContent = text;
  form.append(intro);

  const inputs = fields.map((field) => {
    const wrapper = document.createElement('div');
    wrapper.className = 'fieldset';
    const id = `${prefix}-${field.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.className = 'fieldset-legend';
    label.textContent = field.label;
    const input = field.options ? selectOf(field.options) : document.createElement('input');
    input.id = id;
    input.name = field.name;
    if (input instanceof HTMLInputElement) {
      input.type = field.type ?? 'text';
      input.className = 'input w-full';
      if (field.inputMode) input.inputMode = field.inputMode;
      if (field.autoComplete) input.autocomplete = field.autoComplete as AutoFill;
      if (field.maxLength) input.maxLength = field.maxLength;
    }
    if (field.value !== undefined) input.value = field.value;
    const error = document.createElement('p');
    error.id = `${id}-error`;
    error.className = 'text-error text-sm';
    error.hidden = true;
    // A message is about what was typed: once the field changes, it goes until the next check.
    input.addEventListener('input', () => {
      if (error.hidden) return;
      error.hidden = true;
      input.classList.remove('input-error');
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    });
    wrapper.append(label, input, error);
    form.append(wrapper);
    return { field, input, error, wrapper };
  });
  // A field shown only for one value of another (a select): hidden, and so out of the tab order
  // and the accessibility tree, otherwise.
  const showDependents = () => {
    for (const { field, wrapper } of inputs) {
      if (!field.shownWhen) continue;
      const { field: on, value } = field.shownWhen;
      const other = inputs.find((one) => one.field.name === on);
      wrapper.hidden = other?.input.value !== value;
    }
  };
  for (const { input } of inputs) input.addEventListener('change', showDependents);
  showDependents();
  if (hint) {
    const note = document.createElement('p');
    note.className = 'text-base-content/80 pt-1 text-sm';
    note.textContent = hint;
    form.append(note);
  }
  // Enter in a field confirms, as the dialog's own button does (preConfirm checks the values):
  // a form of two fields without a submit button has no implicit submission of its own.
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    Swal.clickConfirm();
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  const showErrors = (errors: Partial<Record<string, string>>) => {
    for (const { field, input, error } of inputs) {
      const message = errors[field.name];
      error.textContent = message ?? '';
      error.hidden = !message;
      input.classList.toggle('input-error', Boolean(message));
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', error.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
    inputs.find(({ field }) => errors[field.name])?.input.focus();
  };

  /** Every shown field's value; a hidden one counts as empty. */
  const valuesNow = () =>
    Object.fromEntries(
      inputs.map(({ field, input, wrapper }) => [field.name, wrapper.hidden ? '' : input.value]),
    );

  const result = await Swal.fire({
    title,
    html: form,
    icon: tone === 'danger' ? 'warning' : 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: confirmMessages.cancel,
    focusConfirm: false,
    didOpen: () => inputs[0]?.input.focus(),
    preConfirm: () => {
      const checked = validate(valuesNow());
      if (!checked.ok) {
        showErrors(checked.errors);
        return false;
      }
      // Wrapped: sweetalert2 reads a falsy preConfirm result as "keep the dialog open".
      return { value: checked.value };
    },
    buttonsStyling: false,
    customClass: {
      confirmButton: `btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'} mx-1`,
      cancelButton: 'btn btn-outline mx-1',
    },
  });
  return result.isConfirmed ? (result.value as { value: T }).value : null;
}
