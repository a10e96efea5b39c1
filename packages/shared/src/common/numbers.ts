import { z } from 'zod';

/** Whole numbers as a form or a query string spells them: optional minus, decimal digits only. */
const WHOLE = /^-?\d+$/;
/** Amounts of money as a form spells them: digits with an optional decimal part ("12.50"). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Only what the pattern allows becomes a number: `"10"` is 10, while `"0x0a"`, `"1e1"`, `[10]`
 * and `true` stay what they are and fail the number schema (z.coerce would take them all).
 * An empty string is a missing value.
 */
function fromText(pattern: RegExp) {
  return (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return pattern.test(text) ? Number(text) : value;
  };
}

/** `z.number()`'s options: one message when the value is missing, another when it is not a number. */
export const numberMessages = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid),
});

/**
 * A whole number: a JSON integer or a string of decimal digits (what forms and query strings
 * send), nothing else. `schema` is the number schema with the field's own bounds and messages.
 */
export const wholeNumberInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(fromText(WHOLE), schema);

/** An amount of money: a JSON number or a string of digits with an optional decimal part. */
export const decimalInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(fromText(DECIMAL), schema);
