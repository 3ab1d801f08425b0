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

/** A GA id as Google issues them (G-XXXX, UA-XXXX-Y); anything else is not put into a script. */
const GA_ID = /^(?:G|UA|GT|AW)-[A-Z0-9-]{4,30}$/i;

/**
 * The counters a showcase turns on, validated: only these are loaded by the page and admitted by its
 * Content-Security-Policy, so both always agree.
 */
export function analyticsIds(showcase: { metrics: { metric_id: number | null }; gaId: string }): {
  metricId: number | null;
  gaId: string | null;
} {
  const id = showcase.metrics.metric_id;
  return {
    metricId: id && Number.isSafeInteger(id) && id > 0 ? id : null,
    gaId: GA_ID.test(showcase.gaId) ? showcase.gaId : null,
  };
}
