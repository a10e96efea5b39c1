import { SaxesParser } from 'saxes';
import { quoteReference, type QuoteAttachmentType } from '@shop/shared';
import { imageTypeOf } from '../uploads/routes.js';

/**
 * What a quote's artwork file is, told by its content (DESIGN.md section 14): a PDF by its
 * `%PDF-` header, PNG and JPEG by their first bytes (the product images' check), an SVG by
 * parsing it as XML whose root element is `<svg>` in the SVG namespace. Anything else, a file
 * that is none of these, is undefined.
 *
 * An SVG with a DOCTYPE is refused: it is where entity tricks live, and artwork needs none.
 */
export function attachmentTypeOf(bytes: Buffer): QuoteAttachmentType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = imageTypeOf(bytes);
  if (image === 'png') return 'image/png';
  if (image === 'jpg') return 'image/jpeg';
  if (image === 'webp') return undefined;
  return isSvg(bytes) ? 'image/svg+xml' : undefined;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Whether the bytes are well-formed XML (UTF-8) whose root is an `<svg>` element. */
function isSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const parser = new SaxesParser({ xmlns: true });
  let root: { local: string; uri: string } | undefined;
  let refused = false;
  parser.on('doctype', () => {
    refused = true;
  });
  parser.on('opentag', (tag) => {
    root ??= { local: tag.local, uri: tag.uri };
  });
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch {
    return false;
  }
  return !refused && root?.local === 'svg' && root.uri === SVG_NAMESPACE;
}

/** The types a file's name may say, by its extension. */
const EXTENSIONS: Record<string, QuoteAttachmentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/**
 * The name as a file system would keep it: the last path part, without control characters
 * (NUL, tab, line breaks), and without the trailing dots and spaces Windows drops, so the
 * extension checked is the one the file would end up with (`art.html␠` is `art.html`).
 */
function effectiveName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\p{Cc}\u2028\u2029]/gu, '').replace(/[.\s]+$/u, '');
}

/**
 * Whether what the upload says it is (its name's extension, its declared type) agrees with what
 * its content is. A name without an extension, or the generic `application/octet-stream`, says
 * nothing and is not held against it; a name or type naming something else is. The name is
 * cleaned first (security 2026-11-28 #6): `art.html␠`, `x.htm␀`, `invoice.bat.` name HTML and
 * a batch file, and are refused.
 */
export function claimsAgree(
  found: QuoteAttachmentType,
  filename: string,
  declaredType: string | undefined,
): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(effectiveName(filename))?.[1]?.toLowerCase();
  if (extension !== undefined && EXTENSIONS[extension] !== found) return false;
  const type = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (!type || type === 'application/octet-stream') return true;
  return (type === 'image/jpg' ? 'image/jpeg' : type) === found;
}

/** The extension the shop writes for a type. */
export function extensionOf(type: string): string {
  return Object.entries(EXTENSIONS).find(([, value]) => value === type)?.[0] ?? 'bin';
}

/**
 * The name the shop stores and serves a quote's artwork under (security 2026-11-28 #6): made
 * from the quote's reference and the type its content was found to be, never from the name the
 * upload carried, so a download is never saved as `.html`, `.hta` or `.bat`.
 */
export function artworkFilename(
  quote: { id: string; number: number | null },
  type: string,
): string {
  return `artwork-${quoteReference(quote.number, quote.id)}.${extensionOf(type)}`;
}

/** The `Content-Disposition` of a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
