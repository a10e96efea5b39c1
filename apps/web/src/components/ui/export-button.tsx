import { adminListMessages } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';

/**
 * 'Export CSV': runs `onExport` (which fetches, builds and saves the file) and toasts what it
 * says when done; a failure is toasted by the app's mutation cache (lib/query-client.ts).
 */
export function ExportButton({ onExport }: { onExport: () => Promise<string> }) {
  const exportCsv = useMutation({
    mutationFn: onExport,
    onSuccess: (done) => toast.success(done),
  });
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      {exportCsv.isPending ? adminListMessages.exporting : adminListMessages.exportCsv}
    </button>
  );
}
