import { shortId, tableMessages } from '@shop/shared';
import { useId, useState } from 'react';

/**
 * A long id (a transaction or user id) as its first and last characters, with a button that
 * shows the whole id: a title tooltip alone cannot be read on a touch screen. A short id is
 * shown whole.
 */
export function ShortId({ id, what }: { id: string; what: string }) {
  const [open, setOpen] = useState(false);
  const wholeId = useId();
  const short = shortId(id);
  if (short === id) return <span className="font-mono text-xs break-all">{id}</span>;
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1">
      <span id={wholeId} className="font-mono text-xs break-all">
        {open ? id : short}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-xs text-primary px-1 font-normal underline"
        aria-expanded={open}
        aria-controls={wholeId}
        aria-label={open ? tableMessages.hideId(what) : tableMessages.showId(what)}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}
