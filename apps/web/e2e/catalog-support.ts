import type { BrowserContext } from '@playwright/test';
import { API_BASE_URL, apiGet } from './support';

// Helpers of the catalogue and product specs: real data from the seeded API, a vehicle set the way the
// vehicle selector stores it (cookies transportId / transportYear).

interface Node {
  title: string;
  slug: string;
  found: number;
  total: number;
}
interface ListItem {
  title: string;
  slug: string;
  price: number;
  categories: string[][];
  vendor_code?: string;
}
interface Listing {
  current: number;
  pages: number;
  total: number;
  results: ListItem[];
}
interface FitmentItem {
  id?: number;
  title: string;
  slug: string;
  years: number[];
  label?: string;
}

export type { ListItem, Listing, Node };

export async function apiPost<T>(pathname: string, body: unknown): Promise<T> {
  const res = await fetch(`${API_BASE_URL}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export function listing(category: string, body: unknown, transportId?: number): Promise<Listing> {
  return apiPost<Listing>(
    `/api/v1/catalog/${category}/products/${transportId ? `${transportId}/` : ''}`,
    body,
  );
}

/** A vehicle the product fits (walks the product's fitment drill-down to its first transport). */
export async function vehicleFor(productSlug: string): Promise<{ id: number; year: number; label: string }> {
  const base = `/api/v1/catalog/products/${productSlug}`;
  const [brand] = await apiGet<FitmentItem[]>(`${base}/brands/`);
  if (!brand) throw new Error(`${productSlug} fits no vehicle`);
  const [model] = await apiGet<FitmentItem[]>(`${base}/brands/${brand.slug}/models/`);
  const [year] = await apiGet<FitmentItem[]>(`${base}/brands/${brand.slug}/models/${model!.slug}/years/`);
  const [transport] = await apiGet<FitmentItem[]>(
    `${base}/brands/${brand.slug}/models/${model!.slug}/years/${year!.slug}/transport/`,
  );
  return {
    id: transport!.id!,
    year: transport!.years[0] ?? Number(year!.slug),
    label: transport!.label ?? transport!.title,
  };
}

export async function setVehicle(
  context: BrowserContext,
  baseURL: string,
  vehicle: { id: number; year: number },
) {
  await context.addCookies([
    { name: 'transportId', value: String(vehicle.id), url: baseURL },
    { name: 'transportYear', value: String(vehicle.year), url: baseURL },
  ]);
}
