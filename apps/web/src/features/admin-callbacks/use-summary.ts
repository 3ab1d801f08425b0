import { useAdminQuery } from '@/components/admin/admin-query';

/** How often every staff screen asks for the callback summary (the header badge; the desk refetches on change). */
export const SUMMARY_POLL_MS = 1000;

/** The callback summary, polled every second; the badge and the desk share one query. */
export function useCallbackSummary() {
  return useAdminQuery('adminCallbacksSummary', {}, { refetchInterval: SUMMARY_POLL_MS });
}
