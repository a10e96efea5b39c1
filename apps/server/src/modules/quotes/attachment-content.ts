import { SaxesParser } from 'saxes';
import type { QuoteAttachmentType } from '@shop/shared';
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
 * Whether what the upload says it is (its name's extension, its declared type) agrees with what
 * its content is. A name without an extension, or the generic `application/octet-stream`, says
 * nothing and is not held against it; a name or type naming something else is.
 */
export function claimsAgree(
  found: QuoteAttachmentType,
  filename: string,
  declaredType: string | undefined,
): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension !== undefined && EXTENSIONS[extension] !== found) return false;
  const type = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (!type || type === 'application/octet-stream') return true;
  return (type === 'image/jpg' ? 'image/jpeg' : type) === found;
}

/** A file name safe to show and to send back in a header: one line, no path, at most 200 chars. */
export function cleanFilename(filename: string, type: QuoteAttachmentType): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // Control characters, line breaks and quotes are removed (\p{Cc}: every control character).
  const clean = base
    .replace(/[\p{Cc}\u2028\u2029"]/gu, '')
    .trim()
    .slice(0, 200);
  if (clean) return clean;
  const extension = Object.entries(EXTENSIONS).find(([, value]) => value === type)?.[0] ?? 'bin';
  return `artwork.${extension}`;
}

/** The `Content-Disposition` of a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
