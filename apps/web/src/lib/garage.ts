import { RECENT_VEHICLES_MAX } from '@podbor/contract/garage-text';

// The garage on the device (issue #17): a visitor's last vehicles, remembered in localStorage without an account,
// and the VIN typed into the selector, kept for the session so «Сохранить в гараж» stores it with the vehicle the
// VIN led to. Both are conveniences: storage that is full or refused is simply not used.

export interface RecentVehicle {
  id: number;
  label: string;
}

const RECENT_KEY = 'podbor.recentVehicles';
const VIN_KEY = 'podbor.vinFor';

/** TanStack Query key of the signed-in customer's garage. */
export const GARAGE_QUERY_KEY = ['garage'] as const;

function isRecent(v: unknown): v is RecentVehicle {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return Number.isSafeInteger(r.id) && (r.id as number) > 0 && typeof r.label === 'string' && r.label !== '';
}

export function readRecentVehicles(storage: Pick<Storage, 'getItem'> = localStorage): RecentVehicle[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_VEHICLES_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts the vehicle first (once), keeping the last RECENT_VEHICLES_MAX; returns the new list. */
export function rememberVehicle(
  vehicle: RecentVehicle,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): RecentVehicle[] {
  const list = [vehicle, ...readRecentVehicles(storage).filter((v) => v.id !== vehicle.id)].slice(
    0,
    RECENT_VEHICLES_MAX,
  );
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the list lives for this page only.
  }
  return list;
}

/** The VIN the selector decoded, to be saved with the vehicle chosen after it. */
export function keepVinFor(transportId: number, vin: string): void {
  try {
    sessionStorage.setItem(VIN_KEY, JSON.stringify({ transportId, vin }));
  } catch {
    // Not kept: the vehicle is saved without its VIN, which can be added in the garage.
  }
}

export function vinFor(transportId: number): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(VIN_KEY) ?? 'null') as {
      transportId?: unknown;
      vin?: unknown;
    };
    return kept?.transportId === transportId && typeof kept.vin === 'string' ? kept.vin : undefined;
  } catch {
    return undefined;
  }
}
