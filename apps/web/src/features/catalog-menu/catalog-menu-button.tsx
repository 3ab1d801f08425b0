'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { CloseIcon, GridIcon } from '@/components/ui/icons';
import { PanelSkeleton } from './panel-skeleton';

// The 'Каталог' button of the header (SPEC §2). The menu's code and data load on first open.
const CatalogMenuPanel = dynamic(() => import('./catalog-menu-panel'), {
  ssr: false,
  loading: () => <PanelSkeleton />,
});

export const CATALOG_MENU_ID = 'catalog-menu';

export function CatalogMenuButton({
  className,
  transportLabel,
  children,
}: {
  className?: string;
  /** SPEC §3 text of the chosen vehicle, shown in the menu's heading. */
  transportLabel: string | null;
  children?: ReactNode;
}) {
  const { catalogMenuOpen: open, setCatalogMenuOpen, session } = useShell();
  const pathname = usePathname();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a menu link, the back button) closes the menu.
  useEffect(() => {
    setCatalogMenuOpen(false);
  }, [pathname, setCatalogMenuOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={open ? CATALOG_MENU_ID : undefined}
        onClick={() => setCatalogMenuOpen((v) => !v)}
        onPointerEnter={() => void import('./catalog-menu-panel')}
        // Under 831 px the header shows the icon alone: the name must not go with the caption.
        aria-label={children ? undefined : 'Каталог'}
        data-catalog-button=""
      >
        {open ? <CloseIcon size={20} /> : <GridIcon size={20} />}
        {children ?? <span>Каталог</span>}
      </button>
      {open ? (
        <CatalogMenuPanel
          id={CATALOG_MENU_ID}
          transportId={session.transportId}
          transportLabel={transportLabel}
          buttonRef={buttonRef}
          onClose={(returnFocus) => {
            setCatalogMenuOpen(false);
            if (returnFocus) buttonRef.current?.focus({ preventScroll: true });
          }}
        />
      ) : null}
    </>
  );
}
