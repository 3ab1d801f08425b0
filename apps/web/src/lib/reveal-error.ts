import { useCallback, useEffect, useRef, type BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

// A form that refuses a submit shows the customer where: the first field in error (in page order) is scrolled to
// the middle of the screen — clear of the header and the phone's bottom menu — and focused, so a screen reader
// reads its message. Forms mark their fields with aria-invalid (text fields, checkboxes) or, for a choice without
// an input of its own (payment method, pickup branch), put data-invalid-target on what corrects it. Forms using
// this turn off react-hook-form's own focusing (shouldFocusError: false), which knows only registered fields.

const INVALID = '[aria-invalid="true"], [data-invalid-target]';
const MAX_FRAMES = 10;

function reveal(target: HTMLElement) {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

/**
 * Scrolls to and focuses the first invalid field inside `root`. Called once the errors are rendered; waits a few
 * frames for them otherwise (a server error set just now).
 */
export function revealFirstError(root: Element | null | undefined): void {
  if (!root || typeof window === 'undefined') return;
  let frames = 0;
  const step = () => {
    const target = root.querySelector<HTMLElement>(INVALID);
    if (target) reveal(target);
    else if (++frames < MAX_FRAMES) window.requestAnimationFrame(step);
  };
  step();
}

/**
 * handleSubmit's second argument for a form: remembers which form was refused, and once react-hook-form has
 * rendered that submit's errors (its submitCount moves in the same update) reveals the first of them. Revealing
 * straight from the callback would find the previous submit's errors still on the page.
 */
export function useRevealOnInvalid<V extends FieldValues>(form: UseFormReturn<V>) {
  const refused = useRef<Element | null>(null);
  const submits = form.formState.submitCount;
  useEffect(() => {
    const root = refused.current;
    refused.current = null;
    if (root) revealFirstError(root);
  }, [submits]);
  return useCallback((_errors: unknown, event?: BaseSyntheticEvent) => {
    const target = event?.target;
    refused.current = target instanceof Element ? (target.closest('form') ?? target) : null;
  }, []);
}
