import { sql } from 'drizzle-orm';
import { formatYears, type FitmentItem, type TitleSlug } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import {
  titleSlugOf,
  transportDirectory,
  type TransportDirectory,
  type TransportInfo,
} from '../../lib/catalog/transport.directory';
import { notFound } from '../../lib/http-error';
import { findProduct, type ProductRef } from './products.service';

// The fitment drill-down of a product page: brands → models → years → vehicles (engines) the product fits.

const fitmentRow = z.object({ transport_id: pgNumber });

/** The product's vehicles; a brand (and model) no vehicle of the directory has is a 404. */
async function fitted(db: Db, slug: string, brand?: string, model?: string): Promise<TransportInfo[]> {
  const dir = await transportDirectory(db).get();
  const product = await findProduct(db, slug);
  const list = await fittedTransports(db, dir, product);
  if (
    brand !== undefined &&
    !dir.list.some((t) => t.brand.slug === brand && (model === undefined || t.model.slug === model))
  )
    throw notFound();
  return list;
}

export async function productFitmentBrands(db: Db, slug: string): Promise<FitmentItem[]> {
  return fitmentBrands(await fitted(db, slug));
}

export async function productFitmentModels(db: Db, slug: string, brand: string): Promise<FitmentItem[]> {
  return fitmentModels(await fitted(db, slug, brand), brand);
}

export async function productFitmentYears(
  db: Db,
  slug: string,
  brand: string,
  model: string,
): Promise<FitmentItem[]> {
  return fitmentYears(await fitted(db, slug, brand, model), brand, model);
}

export async function productFitmentTransport(
  db: Db,
  slug: string,
  brand: string,
  model: string,
  yearSlug: string,
): Promise<FitmentItem[]> {
  if (!/^\d{4}$/.test(yearSlug)) throw notFound();
  return fitmentTransport(await fitted(db, slug, brand, model), brand, model, Number(yearSlug));
}

/** The vehicles a product fits: its fitment rows, or every vehicle for a universal product. */
async function fittedTransports(
  db: Db,
  dir: TransportDirectory,
  product: ProductRef,
): Promise<TransportInfo[]> {
  if (product.isUniversal) return [...dir.list];
  const result = await parseRows(
    db,
    sql`select transport_id from product_transports where product_id = ${product.id}`,
    fitmentRow,
  );
  return result.map((r) => dir.byId.get(r.transport_id)).filter((t): t is TransportInfo => t !== undefined);
}

const EMPTY: TitleSlug = { title: '', slug: '' };
const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'ru');

function unionYears(list: TransportInfo[]): number[] {
  return [...new Set(list.flatMap((t) => t.years))].sort((a, b) => a - b);
}

function groupBy<K>(list: TransportInfo[], key: (t: TransportInfo) => K): Map<K, TransportInfo[]> {
  const groups = new Map<K, TransportInfo[]>();
  for (const t of list) {
    const k = key(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

function fitmentBrands(list: TransportInfo[]): FitmentItem[] {
  return [...groupBy(list, (t) => t.brand.id).values()]
    .map((g) => {
      const first = g[0]!;
      const years = unionYears(g);
      return {
        title: first.brand.title,
        slug: first.brand.slug,
        count: g.length,
        years_string: formatYears(years),
        brand: titleSlugOf(first.brand),
        model: EMPTY,
        engine: EMPTY,
        years,
      };
    })
    .sort(byTitle);
}

function fitmentModels(list: TransportInfo[], brand: string): FitmentItem[] {
  return [
    ...groupBy(
      list.filter((t) => t.brand.slug === brand),
      (t) => t.model.id,
    ).values(),
  ]
    .map((g) => {
      const first = g[0]!;
      const years = unionYears(g);
      return {
        title: first.model.title,
        slug: first.model.slug,
        count: g.length,
        years_string: formatYears(years),
        brand: titleSlugOf(first.brand),
        model: titleSlugOf(first.model),
        engine: EMPTY,
        years,
      };
    })
    .sort(byTitle);
}

/** Years newest first (SPEC §3). */
function fitmentYears(list: TransportInfo[], brand: string, model: string): FitmentItem[] {
  const ofModel = list.filter((t) => t.brand.slug === brand && t.model.slug === model);
  const first = ofModel[0];
  if (!first) return [];
  return unionYears(ofModel)
    .reverse()
    .map((year) => ({
      title: String(year),
      slug: String(year),
      count: ofModel.filter((t) => t.yearFrom <= year && year <= t.yearTo).length,
      years_string: String(year),
      brand: titleSlugOf(first.brand),
      model: titleSlugOf(first.model),
      engine: EMPTY,
      years: [year],
    }));
}

function fitmentTransport(list: TransportInfo[], brand: string, model: string, year: number): FitmentItem[] {
  return list
    .filter((t) => t.brand.slug === brand && t.model.slug === model && t.yearFrom <= year && year <= t.yearTo)
    .map((t) => ({
      id: t.id,
      title: t.engine.title,
      slug: t.engine.slug,
      count: 1,
      years_string: formatYears(t.years),
      brand: titleSlugOf(t.brand),
      model: titleSlugOf(t.model),
      engine: titleSlugOf(t.engine),
      years: t.years,
      label: t.label,
    }))
    .sort((a, b) => byTitle(a, b) || a.years[0]! - b.years[0]!);
}
