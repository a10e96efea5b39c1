import { confirmMessages } from '@shop/shared';

// sweetalert2 is loaded on the first confirmation, so no page carries it until someone acts.
export const loadSwal = async () => (await import('sweetalert2')).default;

/** The text and its detail as two paragraphs, built as nodes (no markup from the texts). */
function withDetail(text: string, detail: string): HTMLElement {
  const body = document.createElement('div');
  const intro = document.createElement('p');
  intro.textContent = text;
  const note = document.createElement('p');
  note.className = 'border-base-300 bg-base-200 rounded-box mt-3 border p-3 font-semibold';
  note.textContent = detail;
  body.append(intro, note);
  return body;
}

export interface ConfirmOptions {
  title: string;
  /** What the action does to what: names the order or the user. */
  text: string;
  /** What will really happen, in a paragraph of its own under `text`, set off from it. */
  detail?: string | undefined;
  confirmText: string;
  /** 'danger' for an action that removes something, 'primary' for one that moves it on. */
  tone?: 'danger' | 'primary';
}

/**
 * The shop's confirmation dialog: true when the user confirms, false when they cancel, press
 * Escape or click outside. Cancel has the focus, so a stray Enter changes nothing.
 */
export async function confirmAction({
  title,
  text,
  detail,
  confirmText,
  tone = 'primary',
}: ConfirmOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title,
    ...(detail ? { html: withDetail(text, detail) } : { text }),
    icon: tone === 'danger' ? 'warning' : 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: confirmMessages.cancel,
    focusCancel: true,
    // The shop's own buttons: sweetalert2's default colours are too faint for WCAG AA.
    buttonsStyling: false,
    customClass: {
      confirmButton: `btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'} mx-1`,
      cancelButton: 'btn btn-outline mx-1',
    },
  });
  return result.isConfirmed;
}

export interface ChoiceOptions {
  title: string;
  text: string;
  /** The first way (the primary button). */
  confirmText: string;
  /** The other way (an outlined button beside it). */
  denyText: string;
}

/**
 * The shop's dialog for two ways of going on (add to or replace, ux 2026-11-28 #26): 'confirm'
 * or 'deny' for the button pressed, 'cancel' for Cancel, Escape or a click outside. Cancel has
 * the focus, so a stray Enter changes nothing.
 */
export async function chooseAction({
  title,
  text,
  confirmText,
  denyText,
}: ChoiceOptions): Promise<'confirm' | 'deny' | 'cancel'> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title,
    text,
    icon: 'question',
    showCancelButton: true,
    showDenyButton: true,
    confirmButtonText: confirmText,
    denyButtonText: denyText,
    cancelButtonText: confirmMessages.cancel,
    focusCancel: true,
    buttonsStyling: false,
    customClass: {
      confirmButton: 'btn btn-primary mx-1',
      denyButton: 'btn btn-outline btn-primary mx-1',
      cancelButton: 'btn btn-outline mx-1',
    },
  });
  if (result.isConfirmed) return 'confirm';
  if (result.isDenied) return 'deny';
  return 'cancel';
}
