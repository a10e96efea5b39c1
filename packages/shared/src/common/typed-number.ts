/**
 * Numbers as people type them (issue 33 point 6; ux 2026-11-28 #5, #18). One reader for every
 * money and quantity field, web and API, and for quick order's pasted lines. Zod-free, so the
 * quick order page's chunk and the number schemas (`numbers.ts`) share it.
 *
 * Read:
 * - plain digits, `1000`; a decimal point, `12.50`, `2.5`, `0.500`;
 * - thousands separators where every group after the first has three digits: `1,000`,
 *   `1,000,000`, `1 000` (a space, a no-break or a thin space), `1.000.000` (two or more groups,
 *   so it cannot be a decimal point);
 * - a decimal comma, `2,5`, `12,50`: a comma followed by other than three digits, or after
 *   groups separated by points or spaces, `1.234,56`, `1 234,5`; and `1,234.56`.
 *
 * Refused as ambiguous: ONE point followed by exactly three digits, `2.500`, `1.000` (2.5 or
 * 2,500?): never a silently different amount.
 *
 * Refused as malformed: anything else, among them `1,00,0`, `1,000.000,5`, `1e3`, `0x10`,
 * `+5`, `.5`, `5.`, `01,000`, digits other than 0-9, and separators of two kinds in the groups.
 */

export type TypedNumber =
  | { ok: true; value: number }
  | { ok: false; reason: 'ambiguous'; readings: [thousands: number, decimal: number] }
  | { ok: false; reason: 'malformed' };

/** The longest text read as a number: longer is malformed (no field holds more). */
export const TYPED_NUMBER_MAX_CHARS = 40;

/** Spaces that may separate thousands: a space, a no-break space, a narrow no-break space, a thin space. */
const SPACES = /[ \u00A0\u202F\u2009]/g;
const PLAIN = /^\d+$/;
const POINT_DECIMAL = /^\d+\.\d+$/;
/** A first group of 1-3 digits (no leading zero), then groups of three after `sep`. */
const grouped = (sep: string) => new RegExp(`^[1-9]\\d{0,2}(?:${sep}\\d{3})+$`);
const COMMA_GROUPS = grouped(',');
const POINT_GROUPS = grouped('\\.');
const SPACE_GROUPS = grouped(' ');

const malformed: TypedNumber = { ok: false, reason: 'malformed' };

/** The integer part as typed (plain digits or one kind of thousands groups), as plain digits. */
function integerDigits(text: string, separators: readonly string[]): string | undefined {
  if (PLAIN.test(text)) return text;
  if (separators.includes(',') && COMMA_GROUPS.test(text)) return text.replaceAll(',', '');
  if (separators.includes('.') && POINT_GROUPS.test(text)) return text.replaceAll('.', '');
  if (separators.includes(' ') && SPACE_GROUPS.test(text)) return text.replaceAll(' ', '');
  return undefined;
}

/** The text's magnitude as plain `digits[.digits]`, or why it cannot be read. */
function plainOf(text: string): string | TypedNumber {
  if (PLAIN.test(text)) return text;
  const points = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (points === 1 && commas === 0 && POINT_DECIMAL.test(text)) {
    const [whole = '', fraction = ''] = text.split('.');
    // "2.500": a decimal point, or a thousands point? Both readings are numbers people write.
    if (fraction.length === 3 && whole !== '0' && /^[1-9]\d{0,2}$/.test(whole)) {
      return {
        ok: false,
        reason: 'ambiguous',
        readings: [Number(whole + fraction), Number(text)],
      };
    }
    return text;
  }
  // A decimal comma: the last comma, with no point after it, followed by digits.
  const lastComma = text.lastIndexOf(',');
  if (lastComma > 0 && text.indexOf('.', lastComma) === -1) {
    const head = text.slice(0, lastComma);
    const fraction = text.slice(lastComma + 1);
    const headHasComma = head.includes(',');
    // "1,000" and "1,000,000" are thousands; "2,5", "12,50", "1.234,56", "1 234,5" decimals.
    if (!headHasComma && /^\d+$/.test(fraction)) {
      const decimalComma = fraction.length !== 3 || head.includes('.') || head.includes(' ');
      if (decimalComma) {
        const whole = integerDigits(head, ['.', ' ']);
        return whole === undefined ? malformed : `${whole}.${fraction}`;
      }
    }
  }
  // A decimal point after comma or space groups: "1,234.56", "1 234.5".
  const lastPoint = text.lastIndexOf('.');
  if (points === 1 && lastPoint > 0) {
    const head = text.slice(0, lastPoint);
    const fraction = text.slice(lastPoint + 1);
    if (!/^\d+$/.test(fraction)) return malformed;
    const whole = integerDigits(head, [',', ' ']);
    if (whole === undefined || PLAIN.test(head)) return malformed;
    return `${whole}.${fraction}`;
  }
  const whole = integerDigits(text, [',', '.', ' ']);
  return whole ?? malformed;
}

/**
 * Reads a number as a person typed it (see the file's comment). `whole`: a count is meant, so a
 * decimal part (`2,5`, `10.0`) is malformed (the field says it must be a whole number); an
 * ambiguous text stays ambiguous.
 */
export function readTypedNumber(typed: string, { whole = false } = {}): TypedNumber {
  const trimmed = typed.trim();
  if (trimmed === '' || trimmed.length > TYPED_NUMBER_MAX_CHARS) return malformed;
  const text = trimmed.replace(SPACES, ' ');
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text;
  if (!/^[0-9][0-9., ]*$/.test(magnitude) || !/[0-9]$/.test(magnitude)) return malformed;
  const plain = plainOf(magnitude);
  if (typeof plain !== 'string') {
    if (plain.ok || plain.reason === 'malformed' || !negative) return plain;
    return { ...plain, readings: [-plain.readings[0], -plain.readings[1]] };
  }
  if (whole && plain.includes('.')) return malformed;
  const value = Number(plain);
  if (!Number.isFinite(value)) return malformed;
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** A reading written back with thousands separators and no more decimals than it has: "2,500", "2.5". */
export function plainReading(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

/** What a field says about a number it cannot read unambiguously (issue 33 point 6). */
export const typedNumberMessages = {
  /** `Order limit: “2.500” can be read two ways (2,500 or 2.5); write 2500 or 2.5`. */
  ambiguous: (field: string, typed: string, [thousands, decimal]: readonly [number, number]) =>
    `${field}: “${typed.trim()}” can be read two ways (${plainReading(thousands)} or ${plainReading(decimal)}); write ${String(thousands)} or ${plainReading(decimal)}`,
} as const;
