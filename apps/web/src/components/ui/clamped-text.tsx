import { tableMessages } from '@shop/shared';
import { useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * Text that keeps its line breaks, clamped to three lines with a 'Show all' toggle when it is
 * longer (a 500-character address would otherwise make its row a page tall).
 */
export function ClampedText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    // Whether it overflows depends on the column's width, so it is measured again on resize.
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <>
      <p
        ref={ref}
        id={textId}
        className={`whitespace-pre-line wrap-anywhere ${open ? '' : 'line-clamp-3'}`}
      >
        {text}
      </p>
      {(overflows || open) && (
        <button
          type="button"
          className="btn btn-link btn-xs h-auto min-h-6 px-0"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? tableMessages.showLess : tableMessages.showAll}
        </button>
      )}
    </>
  );
}
