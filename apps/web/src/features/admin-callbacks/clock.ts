import { useEffect, useRef, useState } from 'react';

/** `m:ss` (or `h:mm:ss` past an hour) of a duration in milliseconds, rounded down to the second. */
export function formatSpan(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The server's «now», ticking every second: the browser's clock shifted by how far it was off from the
 * `server_time` of the API's last answer, so a wrong computer clock does not show a wrong deadline.
 */
export function useServerNow(serverTime: string | undefined): number {
  const offset = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) offset.current = Date.parse(serverTime) - Date.now();
  }, [serverTime]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset.current), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
