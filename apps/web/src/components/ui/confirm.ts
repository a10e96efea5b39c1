import { confirmMessages } from '@shop/shared';

// sweetalert2 is loaded on the first confirmation, so no page carries it until someone acts.
export const loadSwal = async () => (await import('sweetalert2')).default;

export interface ConfirmOptions {
  title: string;
  /** What the action does to what: names the order or the user. */
  text: string;
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
  confirmText,
  tone = 'primary',
}: ConfirmOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title,
    text,
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
