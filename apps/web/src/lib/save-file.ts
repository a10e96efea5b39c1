/**
 * Hands a file made in the page (a fetched invoice, an export) to the browser's downloads under
 * `name`, through a blob URL.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download: the URL is not needed past this task.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
