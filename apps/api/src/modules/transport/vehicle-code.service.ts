import { readVehicleCode, vinModelYears, type VehicleCodeResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import { transportDirectory, type TransportInfo } from '../../lib/catalog/transport.directory';
import { badRequest } from '../../lib/http-error';
import { FRAME_MODELS, manufacturerOf, modelOfVin, type ModelHint } from './vehicle-code-data';

// A VIN or FRAME number → the narrowest step of the vehicle selector it proves (issue #17). What the code says
// (maker, model, model-year candidates) is intersected with the catalogue: the customer is never sent to a year,
// brand or model the shop has no vehicles for, and every guess left out is said in `notes`.

interface Found {
  maker: string | null;
  country: string | null;
  brands: readonly string[];
  type?: string | undefined;
  model: ModelHint | undefined;
  /** Years the code allows, or undefined when it says nothing about the year. */
  years: number[] | undefined;
  notes: string[];
}

/** A code whose maker or model we do not know: the customer walks the selector from its first step. */
const unknown = (note: string): Found => ({
  maker: null,
  country: null,
  brands: [],
  model: undefined,
  years: undefined,
  notes: [note],
});

function fromVin(vin: string, maxYear: number): Found {
  const maker = manufacturerOf(vin);
  if (!maker)
    return unknown(`Изготовитель с кодом ${vin.slice(0, 3)} нам неизвестен: выберите машину по шагам`);
  const notes: string[] = [];
  const model = modelOfVin(vin);
  const years = maker.year10 ? vinModelYears(vin, 1980, maxYear) : undefined;
  if (!maker.year10) notes.push('Год выпуска этот изготовитель в VIN не пишет: выберите его');
  else if (years?.length === 0) notes.push('Год выпуска в VIN не читается: выберите его');
  if (!model && maker.brands.length > 0) notes.push('Модель по VIN этой марки не определяется: выберите её');
  const { brands, type } = maker;
  return { maker: maker.maker, country: maker.country, brands, type, model, years, notes };
}

function fromFrame(code: string): Found {
  const model = FRAME_MODELS.get(code);
  if (!model) return unknown(`Код модели ${code} нам неизвестен: выберите машину по шагам`);
  const years: number[] = [];
  for (let year = model.from; year <= model.to; year++) years.push(year);
  return {
    maker: null,
    country: 'Япония',
    brands: [model.brand],
    model,
    years,
    notes: ['По номеру кузова год выпуска не определяется: выберите его из лет этого кузова'],
  };
}

const newestFirst = (years: Iterable<number>) => [...new Set(years)].sort((a, b) => b - a);

export async function decodeVehicleCode(db: Db, raw: string, now = new Date()): Promise<VehicleCodeResponse> {
  const read = readVehicleCode(raw);
  if (!read.ok) throw badRequest({ code: [read.message] });
  const code = read.value;
  const found = code.kind === 'vin' ? fromVin(code.code, now.getUTCFullYear() + 1) : fromFrame(code.model);
  const dir = await transportDirectory(db).get();
  const notes = [...found.notes];

  // The catalogue's vehicles the code can be: of its brands, of its model if known, in its years if known.
  const ofBrands = dir.list.filter(
    (t) => found.brands.includes(t.brand.slug) && (!found.type || t.type.slug === found.type),
  );
  if (found.maker && ofBrands.length === 0) notes.push(`Машин ${found.maker} в нашем каталоге нет`);
  let candidates: readonly TransportInfo[] = ofBrands;
  if (found.model) {
    const { brand, model } = found.model;
    const ofModel = ofBrands.filter((t) => t.brand.slug === brand && t.model.title === model);
    if (ofModel.length > 0) candidates = ofModel;
    else if (ofBrands.length > 0) notes.push(`Модели ${model} в нашем каталоге нет: выберите похожую`);
  }
  const inYears = (t: TransportInfo, years: readonly number[]) =>
    years.some((y) => t.yearFrom <= y && y <= t.yearTo);
  if (found.years && candidates.length > 0) {
    const within = candidates.filter((t) => inYears(t, found.years!));
    if (within.length > 0) candidates = within;
    else notes.push('В каталоге нет машин этой модели тех лет, что указывает код');
  }

  const yearsOf = (list: readonly TransportInfo[]) => {
    const all = newestFirst(list.flatMap((t) => t.years));
    return found.years && found.years.some((y) => all.includes(y))
      ? all.filter((y) => found.years!.includes(y))
      : all;
  };
  const years = candidates.length > 0 ? yearsOf(candidates) : [];
  // A step is settled only when every candidate agrees on it.
  const single = (list: readonly TransportInfo[], key: (t: TransportInfo) => string) =>
    list.length > 0 && new Set(list.map(key)).size === 1 ? list[0]! : null;
  const brand = single(candidates, (t) => t.brand.slug)?.brand ?? null;
  const typeInfo = brand ? (single(candidates, (t) => t.type.slug)?.type ?? null) : null;
  const modelInfo = found.model && brand ? (single(candidates, (t) => t.model.slug)?.model ?? null) : null;
  if (candidates.length > 0 && found.brands.length > 1 && !brand) {
    notes.push(
      `Этот завод собирает ${[...new Set(candidates.map((t) => t.brand.title))].join(' и ')}: выберите марку`,
    );
  }

  const step: VehicleCodeResponse['step'] =
    years.length !== 1 ? 'year' : !brand || !typeInfo ? 'brand' : !modelInfo ? 'model' : 'engine';
  return {
    code: code.code,
    kind: code.kind,
    maker: found.maker ?? (brand ? brand.title : null),
    country: found.country,
    type: typeInfo && { title: typeInfo.title, slug: typeInfo.slug },
    brand: brand && typeInfo ? { title: brand.title, slug: brand.slug } : null,
    model: modelInfo && { title: modelInfo.title, slug: modelInfo.slug },
    years,
    step,
    check_digit: code.kind === 'vin' ? code.checkDigit : null,
    notes,
  };
}
