'use client';

import type { FeedbackType, ShowcaseMetrics, ShowcaseResponse } from '@podbor/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// Which shell dialog is open, and the little session state the client islands share. Dialog components
// are mounted by app/shell-modals.tsx and load their code only when first opened.

export type ModalKind = 'city' | 'help' | 'login' | 'logout' | 'transport';

export interface HelpRequest {
  type: FeedbackType;
  /** Goal to report when the form is sent (defaults to the showcase's callback goal). */
  goal?: string;
}

export interface OpenModal {
  kind: ModalKind;
  help?: HelpRequest;
}

export interface ShellSession {
  isAuthorized: boolean;
  transportId: number | null;
  citySlug: string | null;
  branchId: number | null;
  mapTileUrl: string;
  mapAttribution: string;
  metrics: ShowcaseMetrics | null;
  /** The phone line's hours: the callback form says when a call will come. */
  workHours: ShowcaseResponse['work_hours'];
  /** Privacy policy page, linked where personal data is asked for (registration). */
  privacyHref: string;
}

interface ShellContextValue {
  session: ShellSession;
  modal: OpenModal | null;
  openModal: (kind: ModalKind, options?: { help?: HelpRequest }) => void;
  closeModal: () => void;
  /** SPEC §2 catalogue overlay menu (header 'Каталог' button, mobile bottom menu). */
  catalogMenuOpen: boolean;
  setCatalogMenuOpen: (open: boolean | ((open: boolean) => boolean)) => void;
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function ShellProvider({ session, children }: { session: ShellSession; children: ReactNode }) {
  const [modal, setModal] = useState<OpenModal | null>(null);
  const openModal = useCallback((kind: ModalKind, options?: { help?: HelpRequest }) => {
    setModal({ kind, help: options?.help });
  }, []);
  const closeModal = useCallback(() => setModal(null), []);
  const [catalogMenuOpen, setCatalogMenuOpen] = useState(false);
  const value = useMemo(
    () => ({ session, modal, openModal, closeModal, catalogMenuOpen, setCatalogMenuOpen }),
    [session, modal, openModal, closeModal, catalogMenuOpen],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside ShellProvider');
  return value;
}
