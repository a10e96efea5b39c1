import { EARLY_INPUT_ATTRIBUTE, EARLY_INPUT_PENDING } from '@shop/shared';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

declare global {
  interface Window {
    /**
     * The presses held inside `box` before the app took it over, taken out of the list (the
     * inline script of packages/shared/src/common/early-input.ts; absent in unit tests).
     */
    __earlyPresses?: (box: Element) => Element[];
  }
}

/**
 * Makes a server-drawn box of controls (a form) safe before the app takes it over (issue 33,
 * point 1): until the component has taken its markup over, the box carries
 * `data-early-input="pending"` and the page's inline script holds every press in it; once it has,
 * each held press is made again, now answered by the component. A box the browser draws itself
 * is never pending. Spread the result on the box: `<form ref={ref} {...useEarlyInput(ref)}>`.
 */
export function useEarlyInput(box: RefObject<HTMLElement | null>): Record<string, string> {
  const hydrated = useHydrated();
  useEffect(() => {
    const element = box.current;
    if (!hydrated || !element) return;
    // Pressed again: a button or link is clicked, a form sent by Enter (no button) is sent.
    for (const control of window.__earlyPresses?.(element) ?? []) {
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else (control as HTMLElement).click();
    }
  }, [hydrated, box]);
  return hydrated ? {} : { [EARLY_INPUT_ATTRIBUTE]: EARLY_INPUT_PENDING };
}

/**
 * Keeps what was typed into a server-drawn field before the app took it over (issue 33, point 1).
 * React takes the field over as it is but holds the value the server drew, and its next render
 * would put that back (a typed 300 becoming the minimum, 100): the field's text, when it differs,
 * is handed to `onTyped` as it took the field over, before anything else runs. Its press, held
 * meanwhile (useEarlyInput), is made again only after that, so it acts on the typed value.
 */
export function useKeepTypedValue(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (value: string) => void,
): void {
  // What the field was drawn with, read once: only the value on taking over counts.
  const drawn = useRef({ value, onTyped });
  useLayoutEffect(() => {
    const element = field.current;
    if (element && element.value !== drawn.current.value) drawn.current.onTyped(element.value);
  }, [field]);
}
