import { getDocumentProxy } from 'unpdf';

/**
 * The text of each page of a PDF, as a reader would extract it: pdf.js (Firefox's viewer), in
 * unpdf's build for servers, which needs no native canvas.
 */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      const runs = content.items.map((item) => ('str' in item ? item.str : ''));
      pages.push(runs.join(' ').replace(/\s+/g, ' '));
    }
    return pages;
  } finally {
    await document.cleanup();
  }
}
