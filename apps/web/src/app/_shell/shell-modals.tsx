'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { SESSION_ENDED_EVENT } from '@/lib/events';

// The shell's dialogs, each fetched the first time it opens (Leaflet comes with the city picker only).
const CityPicker = dynamic(() => import('@/features/region/city-picker'), { ssr: false });
const HelpModal = dynamic(() => import('@/features/help/help-modal'), { ssr: false });
const LoginModal = dynamic(() => import('@/features/account/login-modal'), { ssr: false });
const LogoutModal = dynamic(() => import('@/features/account/logout-modal'), { ssr: false });
const TransportDialog = dynamic(() => import('@/features/transport/transport-dialog'), { ssr: false });

export function ShellModals() {
  const { modal } = useShell();
  const router = useRouter();

  useEffect(() => {
    const onEnded = () => router.refresh();
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [router]);

  switch (modal?.kind) {
    case 'city':
      return <CityPicker />;
    case 'help':
      return <HelpModal key={modal.help?.type} />;
    case 'login':
      return <LoginModal />;
    case 'logout':
      return <LogoutModal />;
    case 'transport':
      return <TransportDialog />;
    default:
      return null;
  }
}
