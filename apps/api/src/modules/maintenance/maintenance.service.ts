import type { FastifyRequest } from 'fastify';
import {
  formatNumber,
  MAINTENANCE_MESSAGES,
  pluralRu,
  type MaintenanceCartRequest,
  type MaintenanceCartResponse,
  type MaintenanceItemCode,
  type MaintenanceLine,
  type MaintenanceProduct,
  type MaintenanceQuery,
  type MaintenanceResponse,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { transportDirectory } from '../../lib/catalog/transport.directory';
import { HttpError, notFound } from '../../lib/http-error';
import type { LineLimits } from '../../lib/order-limits';
import type { Owner } from '../../lib/owner';
import {
  CART_MESSAGES,
  changeCart,
  cartContext,
  pricingContext,
  productsBySlug,
  quantityConflict,
  readCart,
} from '../cart/cart.service';
import { oilFill, plugCount, scheduleFor, type ServiceSchedule } from './maintenance-data';
import { analoguesOf, candidates, engineOf, type Candidate } from './maintenance.repository';

// Каталог ТО: the next scheduled service of a vehicle for its mileage, and for each of its parts the best product
// that fits (in stock in the city first), with the other fitting products as replacements.

const CATEGORY: Record<MaintenanceItemCode, string> = {
  oil: 'motornye-masla',
  'oil-filter': 'maslyanye-filtry',
  'air-filter': 'vozdushnye-filtry',
  'cabin-filter': 'salonnye-filtry',
  'fuel-filter': 'toplivnye-filtry',
  'spark-plugs': 'svechi-zazhiganiya',
  'brake-fluid': 'tormoznye-zhidkosti',
};

const SHORT: Record<MaintenanceItemCode, string> = {
  oil: 'моторное масло',
  'oil-filter': 'масляный фильтр',
  'air-filter': 'воздушный фильтр',
  'cabin-filter': 'салонный фильтр',
  'fuel-filter': 'топливный фильтр',
  'spark-plugs': 'свечи зажигания',
  'brake-fluid': 'тормозная жидкость',
};

/** Replacements offered per line. */
const REPLACEMENTS = 8;
/** Brake fluid bought for a change (the system takes about 1 l with bleeding). */
const BRAKE_FLUID_L = 1;
/** Later services listed under the kit. */
const UPCOMING = 3;

const km = (n: number) => `${formatNumber(n)} км`;
const litres = (n: number) => `${String(n).replace('.', ',')} л`;
const years = (n: number) => `${n} ${pluralRu(n, ['год', 'года', 'лет'])}`;

/** Items of the schedule with their interval, in the order a kit lists them. */
function items(s: ServiceSchedule): [MaintenanceItemCode, number][] {
  const all: [MaintenanceItemCode, number | undefined][] = [
    ['oil', s.intervalKm],
    ['oil-filter', s.oilFilterKm],
    ['air-filter', s.airFilterKm],
    ['cabin-filter', s.cabinFilterKm],
    ['fuel-filter', s.fuelFilterKm],
    ['spark-plugs', s.sparkPlugsKm],
    ['brake-fluid', s.brakeFluidKm],
  ];
  return all.filter((i): i is [MaintenanceItemCode, number] => i[1] !== undefined);
}

/** The items due at a service's mileage. */
export function dueAt(s: ServiceSchedule, serviceKm: number): [MaintenanceItemCode, number][] {
  return items(s).filter(([, every]) => serviceKm % every === 0);
}

/** The next service at or after the mileage: ТО-n at n × interval (ТО-1 for a new car). */
export function nextService(s: ServiceSchedule, mileage: number): { number: number; km: number } {
  const n = Math.max(1, Math.ceil(mileage / s.intervalKm));
  return { number: n, km: n * s.intervalKm };
}

/** Litres of a pack (the `obem` value), or null when the product has none. */
const packOf = (c: Candidate) => (c.volume === null ? null : Number.parseFloat(c.volume));

interface Option {
  c: Candidate;
  quantity: number;
  /** Lower is better among products in the same stock state (oil: litres over the need and extra cans). */
  waste: number;
}

/** How many cans of a pack cover `need` litres, and how wasteful that is (surplus litres + half a litre per can). */
function cover(need: number, pack: number): { quantity: number; waste: number } {
  const quantity = Math.ceil(need / pack - 1e-9);
  return { quantity, waste: quantity * pack - need + 0.5 * (quantity - 1) };
}

function options(
  code: MaintenanceItemCode,
  list: Candidate[],
  s: ServiceSchedule,
  oilNeed: number,
  plugs: number,
): Option[] {
  switch (code) {
    case 'oil':
      return list.flatMap((c) => {
        const pack = packOf(c);
        if (c.viscosity !== s.oil.viscosity || !pack) return [];
        return [{ c, ...cover(oilNeed, pack) }];
      });
    case 'brake-fluid':
      // DOT 4 is what the makers fill; DOT 5.1 mixes with it and may replace it; DOT 3 may not.
      return list.flatMap((c) => {
        const pack = packOf(c);
        if (!pack || (c.dot !== 'DOT 4' && c.dot !== 'DOT 5.1')) return [];
        const { quantity, waste } = cover(BRAKE_FLUID_L, pack);
        return [{ c, quantity, waste: waste + (c.dot === 'DOT 4' ? 0 : 1) }];
      });
    case 'spark-plugs':
      return list.map((c) => ({ c, quantity: plugs, waste: 0 }));
    default:
      return list.map((c) => ({ c, quantity: 1, waste: 0 }));
  }
}

/** In stock for the line's units first, then the least waste, the most popular, the cheaper. */
function rank(a: Option, b: Option): number {
  const stockA = a.c.stock >= a.quantity ? 0 : 1;
  const stockB = b.c.stock >= b.quantity ? 0 : 1;
  return (
    stockA - stockB ||
    a.waste - b.waste ||
    b.c.popularity - a.c.popularity ||
    a.c.price - b.c.price ||
    a.c.id - b.c.id
  );
}

const card = (o: Option, isAnalogue: boolean): MaintenanceProduct => ({
  id: o.c.id,
  slug: o.c.slug,
  title: o.c.title,
  vendor_code: o.c.article,
  manufacturer: o.c.manufacturer,
  image: o.c.images[0] ?? null,
  price: o.c.price,
  old_price: o.c.old_price,
  stock: Math.max(0, o.c.stock),
  quantity: o.quantity,
  is_analogue: isAnalogue,
});

function lineTitle(code: MaintenanceItemCode, s: ServiceSchedule, oilNeed: number, plugs: number): string {
  switch (code) {
    case 'oil':
      return `Моторное масло ${s.oil.viscosity}, ${litres(oilNeed)}`;
    case 'spark-plugs':
      return `Свечи зажигания, ${plugs} шт.`;
    case 'brake-fluid':
      return `Тормозная жидкость DOT 4, ${litres(BRAKE_FLUID_L)}`;
    default:
      return SHORT[code][0]!.toUpperCase() + SHORT[code].slice(1);
  }
}

function reason(code: MaintenanceItemCode, every: number, s: ServiceSchedule): string {
  if (code === 'brake-fluid')
    return `каждые ${km(every)} или ${years(s.brakeFluidYears)} — что наступит раньше`;
  if (every === s.intervalKm) return `каждые ${km(every)}, на каждом ТО`;
  return `каждые ${km(every)}, на каждом ${every / s.intervalKm}-м ТО`;
}

export async function maintenanceKit(
  db: Db,
  request: FastifyRequest,
  query: MaintenanceQuery,
): Promise<MaintenanceResponse> {
  const transport = (await transportDirectory(db).get()).byId.get(query.transport_id);
  const engine = transport ? await engineOf(db, transport.id) : null;
  if (!transport || !engine) throw notFound();
  const schedule = scheduleFor({
    brand: transport.brand.slug,
    model: transport.model.title,
    fuel: engine.fuel,
  });
  if (!schedule) throw notFound(MAINTENANCE_MESSAGES.noSchedule);

  const ctx = await pricingContext(db, { request, citySlug: query.city, transportId: transport.id });
  const service = nextService(schedule, query.mileage);
  const due = dueAt(schedule, service.km);
  const oilNeed = oilFill(schedule.oil, engine.volume);
  const plugs = plugCount(schedule, engine.volume);

  const categoryOf = new Map<number, MaintenanceItemCode>();
  for (const [code] of due) {
    const category = ctx.tree.bySlug.get(CATEGORY[code]);
    if (category) categoryOf.set(category.id, code);
  }
  const found = await candidates(db, {
    transportId: transport.id,
    categoryIds: [...categoryOf.keys()],
    cityId: ctx.city?.id ?? null,
  });
  const byCode = new Map<MaintenanceItemCode, Candidate[]>();
  for (const c of found) {
    const code = categoryOf.get(c.category_id)!;
    byCode.set(code, [...(byCode.get(code) ?? []), c]);
  }
  const ranked = due.map(
    ([code, every]) =>
      [code, every, options(code, byCode.get(code) ?? [], schedule, oilNeed, plugs).sort(rank)] as const,
  );
  const analogues = await analoguesOf(
    db,
    ranked.flatMap(([, , list]) => (list[0] ? [list[0].c.id] : [])),
  );

  let total = 0;
  const lines: MaintenanceLine[] = ranked.map(([code, every, list]) => {
    const [best, ...rest] = list;
    const linked = best ? (analogues.get(best.c.id) ?? new Set<number>()) : new Set<number>();
    // Cross-references of the chosen product first, each group keeping its rank.
    const replacements = [
      ...rest.filter((o) => linked.has(o.c.id)),
      ...rest.filter((o) => !linked.has(o.c.id)),
    ]
      .slice(0, REPLACEMENTS)
      .map((o) => card(o, linked.has(o.c.id)));
    if (best) total += best.c.price * best.quantity;
    return {
      code,
      title: lineTitle(code, schedule, oilNeed, plugs),
      reason: reason(code, every, schedule),
      product: best ? card(best, false) : null,
      replacements,
      note: best ? null : MAINTENANCE_MESSAGES.noProduct,
    };
  });

  const upcoming = Array.from({ length: UPCOMING }, (_, i) => {
    const number = service.number + i + 1;
    const at = number * schedule.intervalKm;
    return { title: `ТО-${number}`, km: at, items: dueAt(schedule, at).map(([code]) => SHORT[code]) };
  });

  return {
    transport: { id: transport.id, label: transport.label },
    mileage: query.mileage,
    service: {
      number: service.number,
      title: `ТО-${service.number}`,
      km: service.km,
      schedule: schedule.title,
      interval_km: schedule.intervalKm,
    },
    oil: { viscosity: schedule.oil.viscosity, approval: schedule.oil.approval, volume_l: oilNeed },
    lines,
    total: Math.round(total * 100) / 100,
    upcoming,
  };
}

/**
 * Adds a kit to the cart: every line the city has in stock goes in through the cart's own rules, in one
 * transaction (changeCart); a line that is not sold any more or is short of stock is listed in `not_added` with
 * the cart's message instead of failing the others. A line that no longer fits with what the cart already holds
 * refuses the whole kit with the cart's 409, as adding it alone would.
 */
export async function addKitToCart(
  db: Db,
  request: FastifyRequest,
  owner: Owner,
  limits: LineLimits,
  body: MaintenanceCartRequest,
): Promise<MaintenanceCartResponse> {
  const ctx = await cartContext(db, request, owner, body);
  const products = await productsBySlug(
    db,
    ctx,
    body.items.map((i) => i.product),
  );
  const notAdded: MaintenanceCartResponse['not_added'] = [];
  const added: string[] = [];
  for (const item of body.items) {
    const p = products.get(item.product);
    if (!p) {
      notAdded.push({ product: item.product, title: item.product, message: CART_MESSAGES.productNotFound });
      continue;
    }
    const conflict: HttpError | null = quantityConflict(p, p.stock, item.quantity, limits);
    if (conflict) {
      notAdded.push({ product: p.slug, title: p.title, message: conflict.message });
      continue;
    }
    added.push(p.slug);
  }
  const bySlug = new Map(body.items.map((i) => [i.product, i.quantity]));
  if (added.length > 0) {
    await changeCart(
      db,
      owner,
      ctx,
      limits,
      'add',
      added.map((slug) => ({ product: slug, quantity: bySlug.get(slug)!, withInstallation: false })),
    );
  }
  return { cart: await readCart(db, owner, ctx), added, not_added: notAdded };
}
