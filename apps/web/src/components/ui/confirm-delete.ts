import { messages } from '@shop/shared';

// sweetalert2 is loaded on the first delete, so no page carries it until someone deletes.
const loadSwal = async () => (await import('sweetalert2')).default;

/** The spec's delete confirmation (SPEC section 8): true when the user confirms. */
export async function confirmDelete(text: string): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title: messages.deleteTitle,
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: messages.deleteConfirm,
    cancelButtonText: 'Cancel',
    focusCancel: true,
    // The shop's own buttons: sweetalert2's default colours are too faint for WCAG AA.
    buttonsStyling: false,
    customClass: { confirmButton: 'btn btn-error mx-1', cancelButton: 'btn btn-outline mx-1' },
  });
  return result.isConfirmed;
}

/** The spec's 'Deleted!' success alert. */
export async function alertDeleted(text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    title: messages.deleted,
    text,
    icon: 'success',
    buttonsStyling: false,
    customClass: { confirmButton: 'btn btn-primary' },
  });
}
