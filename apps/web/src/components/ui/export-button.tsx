import { adminListMessages } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { exportList, type ListExport } from '../../lib/export-list';

/**
 * 'Export CSV': fetches every row the list's search matches, saves them as a CSV file
 * (lib/export-list.ts) and toasts how it went; a failure is toasted by the app's mutation cache
 * (lib/query-client.ts).
 */
export function ExportButton<T, R = T>(list: ListExport<T, R>) {
  const exportCsv = useMutation({
    mutationFn: () => exportList(list),
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
