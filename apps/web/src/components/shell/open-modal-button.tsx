'use client';

import type { FeedbackType } from '@podbor/contract';
import type { ReactNode } from 'react';
import { reachGoal } from '@/lib/analytics';
import { useShell, type ModalKind } from './shell-context';

/** A button anywhere on a page that opens one of the shell's dialogs (help with a type, city picker, login). */
export function OpenModalButton({
  kind,
  helpType = 'CONSULTATION',
  goal,
  className,
  children,
}: {
  kind: Exclude<ModalKind, 'logout'>;
  helpType?: FeedbackType;
  /** Showcase metrics key whose goal this button reports. */
  goal?:
    | 'button_global_help'
    | 'button_part_help'
    | 'button_product_help'
    | 'button_product_special'
    | 'button_cart_help'
    | 'button_cart_special';
  className?: string;
  children: ReactNode;
}) {
  const { openModal, session } = useShell();
  return (
    <button
      type="button"
      className={className}
      data-goal={goal}
      onClick={() => {
        if (goal) reachGoal(session.metrics?.[goal]);
        openModal(kind, kind === 'help' ? { help: { type: helpType } } : undefined);
      }}
    >
      {children}
    </button>
  );
}
