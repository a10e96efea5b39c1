import { z } from 'zod';
import { readTypedNumber, typedNumberMessages } from './typed-number.js';

/**
 * Text becomes a number only as `readTypedNumber` reads it (issue 33 point 6): digits with
 * thousands separators or a decimal comma where they cannot be read two ways. `"0x0a"`, `"1e1"`,
 * `"+1"`, `[10]` and `true` stay what they are and fail the number schema with the field's
 * message (z.coerce would take them all). An ambiguous text (`"2.500"`) is refused with a message
 * naming the field when the field gives its name, else with the field's "not a number" message:
 * never a silently different amount. An empty string is a missing value.
 */
function fromText(field: string | undefined, whole: boolean) {
  return (value: unknown, ctx: z.RefinementCtx): unknown => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const read = readTypedNumber(value, { whole });
    if (read.ok) return read.value;
    if (read.reason === 'ambiguous' && field !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: typedNumberMessages.ambiguous(field, value, read.readings),
        input: value,
      });
      return z.NEVER;
    }
    return value;
  };
}

/** `z.number()`'s options: one message when the value is missing, another when it is not a number. */
export const numberMessages = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid),
});

/**
 * A whole number: a JSON integer, or text as people type it (`"1,000"`, `"1 000"`); `schema`
 * is the number schema with the field's own bounds and messages (`"2,5"` and `"10.0"` fail it),
 * `field` the field's name for the "can be read two ways" message.
 */
export const wholeNumberInput = <T extends z.ZodType>(schema: T, field?: string) =>
  z.preprocess(fromText(field, true), schema);

/** An amount of money: a JSON number, or text as people type it (`"2,500.50"`, `"12,50"`). */
export const decimalInput = <T extends z.ZodType>(schema: T, field?: string) =>
  z.preprocess(fromText(field, false), schema);
