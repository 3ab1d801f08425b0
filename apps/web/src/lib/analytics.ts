// Goals of the showcase metrics (API-SHAPES §1) go to whichever counters are loaded; nothing happens when none is.

declare global {
  interface Window {
    ym?: (id: number, method: string, ...args: unknown[]) => void;
    gtag?: (...args: unknown[]) => void;
    __podborMetricId?: number;
  }
}

export function reachGoal(goal: string | undefined): void {
  if (!goal || typeof window === 'undefined') return;
  try {
    const id = window.__podborMetricId;
    if (id && window.ym) window.ym(id, 'reachGoal', goal);
    if (window.gtag) window.gtag('event', goal);
  } catch {
    // A blocked or broken counter must never break the button it measures.
  }
}
