const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * "Nov 28, 2026, 9:36 PM": a moment as `Intl.DateTimeFormat('en-US', { dateStyle: 'medium',
 * timeStyle: 'short' })` writes it, in UTC (as the server draws a page, and the browser while it
 * takes the page over) or in the reader's time zone (after). By hand: building that formatter
 * took 60 ms of the home page's wake-up on this machine, one long task (format.ts says why that
 * counts). The shop speaks English, so the reader's zone but not their language.
 */
export function formatDateTime(moment: string, zone: 'utc' | 'local'): string {
  const date = new Date(moment);
  const [year, month = 0, day, hours = 0, minutes = 0] =
    zone === 'utc'
      ? [
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate(),
          date.getUTCHours(),
          date.getUTCMinutes(),
        ]
      : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  if (year === undefined || Number.isNaN(year)) return moment;
  return `${MONTHS[month]} ${day}, ${year}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
