import { accountPageMessages as text, madeOnFirstUse } from '@shop/shared';

const day = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const utcDay = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
);

/**
 * A day as people read it ("Nov 26, 2026"). A day given without a time (`2026-11-26`: the day a
 * payment was received, as the admin typed it) is that calendar day wherever the reader is.
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) || /T00:00:00(\.000)?Z$/.test(iso)
    ? utcDay().format(date)
    : day().format(date);
}

/**
 * An open invoice's state in words, never by colour alone: not due yet, due today, or overdue
 * by so many days (with a warning badge).
 */
export function DueState({
  dueAt,
  overdue,
  daysOverdue,
  now,
}: {
  dueAt: string;
  /** Past its due time (the statement says so; otherwise it is read from `now`). */
  overdue?: boolean;
  daysOverdue: number;
  now: Date;
}) {
  const due = new Date(dueAt);
  const late = overdue ?? now.getTime() > due.getTime();
  if (late) {
    return (
      <span className="badge badge-warning border-transparent font-semibold whitespace-nowrap">
        {text.overdueDays(daysOverdue)}
      </span>
    );
  }
  const today = day().format(due) === day().format(now);
  return (
    <span className="text-base-content/80 text-sm whitespace-nowrap">
      {today ? text.dueToday : text.notDueYet}
    </span>
  );
}
