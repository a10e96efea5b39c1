/** A stored time as an ISO string, whichever database read it. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
