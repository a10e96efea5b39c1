/**
 * A success toast (react-hot-toast's has role="status", so it is read out). Loaded on demand, as
 * the toaster itself is, so the pages with product cards do not carry it up front.
 */
export function toastSuccess(message: string): void {
  void import('react-hot-toast').then(({ default: toast }) =>
    toast.success(message, { id: `success:${message}` }),
  );
}
