import {
  accountPageMessages as text,
  formatPrice,
  invoicePaymentInputSchema,
  onAccountMessages,
  PAYMENT_REFERENCE_MAX_LENGTH,
  statementDay,
  type InvoicePaymentInput,
  type Order,
} from '@shop/shared';
import { confirmWithFields } from '../../../components/ui/confirm-form';

/**
 * The amount, reference and day received as the API takes them, checked by its own schema, and
 * the amount against what the order still owes (the server refuses more with the same words).
 */
export function checkPaymentDetails(values: Record<string, string>, amountDue: number) {
  const parsed = invoicePaymentInputSchema.safeParse({
    amount: values['amount'] ?? '',
    reference: values['reference'] ?? '',
    receivedAt: values['receivedAt'] ?? '',
  });
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false as const, errors };
  }
  // Cents, as the server counts: 0.1 + 0.2 is not more than 0.3.
  if (Math.round(parsed.data.amount * 100) > Math.round(amountDue * 100)) {
    return {
      ok: false as const,
      errors: { amount: onAccountMessages.amountExceedsDue(amountDue) },
    };
  }
  if (parsed.data.receivedAt > statementDay(new Date()) && parsed.data.receivedAt.length === 10) {
    return { ok: false as const, errors: { receivedAt: onAccountMessages.receivedInFuture } };
  }
  const value: InvoicePaymentInput = parsed.data;
  return { ok: true as const, value };
}

/**
 * The Record payment dialog of an invoiced order: the amount (the amount due, to start with),
 * the bank transfer's reference and the day it was received (today). The payment to record, or
 * null when cancelled.
 */
export function askToRecordPayment(order: Order): Promise<InvoicePaymentInput | null> {
  const amountDue = order.invoice?.amountDue ?? 0;
  return confirmWithFields({
    title: text.recordPaymentTitle,
    text: text.recordPaymentText(
      order.invoice?.number ?? order.orderNumber,
      formatPrice(amountDue),
    ),
    confirmText: text.recordPaymentConfirm,
    fields: [
      {
        name: 'amount',
        label: text.amountLabel,
        value: amountDue.toFixed(2),
        maxLength: 12,
        inputMode: 'decimal',
      },
      {
        name: 'reference',
        label: text.referenceLabel,
        maxLength: PAYMENT_REFERENCE_MAX_LENGTH,
        value: order.invoice?.number ?? '',
      },
      {
        name: 'receivedAt',
        label: text.receivedLabel,
        type: 'date',
        value: statementDay(new Date()),
      },
    ],
    hint: text.recordPaymentHint,
    validate: (values) => checkPaymentDetails(values, amountDue),
  });
}
