import { switchKeyboardLayout, transliterate, type SearchVehicle } from '@podbor/contract';
import type { TransportDirectory, TransportInfo } from '../../lib/catalog/transport.directory';
import { BRAND_NAMES, MODEL_NAMES } from './vehicle-names';

// The vehicle read from the search text (issue #17): 'колодки камри 2018' → Toyota Camry 2018 + 'колодки'.
// The dictionary is the vehicle directory itself (brand and model titles, as the selector shows them, and their
// transliteration: 'поло' → Polo) plus the shipped table of Russian names and nicknames (vehicle-names.ts), with
// inflected forms ('гранту', 'солярисе'), one typo in a word of five letters or more ('соларис', 'camri') and the
// other keyboard layout ('uhfynf' → 'гранта'). A model is needed: a brand alone ('масло тойота') is a
// manufacturer as often as a car, so it reads nothing. After the model: a year (1950–2049, '2018 г.') and an
// engine volume ('1.6', '2,0л') narrow the vehicles down, each only when some vehicle of the directory has it.
// Pure and in memory: the dictionary is built once per directory object (reloaded at most once a minute).

export interface VehicleReading {
  vehicle: SearchVehicle;
  /** Ids of the directory's vehicles the text fits (all of them, `vehicle.transports` shows five). */
  transportIds: number[];
}

const TRANSPORTS_SHOWN = 5;

interface Entry {
  kind: 'brand' | 'model';
  brand: string;
  model: string;
  /** Directory model ids ('' model for brands); empty for a model of the table the directory lacks. */
  modelIds: number[];
  /** A name too short to be read without its brand ('K5', 'Mazda 3'). */
  needsBrand: boolean;
}

interface Dictionary {
  /** Compact name (lower case, е for ё, no spaces, hyphens or apostrophes) → the entries it names. */
  names: Map<string, Entry[]>;
  /** Compact names of five letters and more, for one typo. */
  long: string[];
  brandOf: Map<string, Entry>;
  list: readonly TransportInfo[];
}

const YEAR = /^(19[5-9]\d|20[0-4]\d)(?:г|гв|года?)?\.?$/;
const YEAR_WORD = /^(?:г|гв|год|года|г\.в)\.?$/;
const VOLUME = /^(\d{1,2})[.,](\d)(?:л|l)?$/;
const PREPOSITIONS = new Set(['на', 'для', 'к', 'от']);
const LITRE_WORD = /^(?:л|l|литра?)\.?$/;

const compact = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\-'’`]+/g, '');

/** The nominative and the case forms of a Cyrillic name ('гранта' → 'гранты', 'гранту'…; 'логан' → 'логана'…). */
function forms(name: string): string[] {
  if (!/^[а-я]{4,}$/.test(name)) return [name];
  if (name.endsWith('а')) {
    const stem = name.slice(0, -1);
    const y = /[кгхжшчщ]$/.test(stem) ? 'и' : 'ы';
    return [name, `${stem}${y}`, `${stem}у`, `${stem}е`, `${stem}ой`];
  }
  if (/[бвгджзклмнпрстфхцчшщ]$/.test(name)) return [name, `${name}а`, `${name}у`, `${name}е`, `${name}ом`];
  return [name];
}

const dictionaries = new WeakMap<TransportDirectory, Dictionary>();

function dictionaryOf(dir: TransportDirectory): Dictionary {
  const known = dictionaries.get(dir);
  if (known) return known;
  const names = new Map<string, Entry[]>();
  const add = (name: string, entry: Entry, inflect: boolean) => {
    for (const form of inflect ? forms(compact(name)) : [compact(name)]) {
      if (form === '' || YEAR.test(form)) continue;
      const list = names.get(form) ?? [];
      if (!list.includes(entry)) list.push(entry);
      names.set(form, list);
    }
  };
  const brandOf = new Map<string, Entry>();
  const models = new Map<string, Entry>();
  for (const t of dir.list) {
    if (!brandOf.has(t.brand.title)) {
      const entry: Entry = {
        kind: 'brand',
        brand: t.brand.title,
        model: '',
        modelIds: [],
        needsBrand: false,
      };
      brandOf.set(t.brand.title, entry);
      add(t.brand.title, entry, false);
      for (const n of BRAND_NAMES[t.brand.title] ?? []) add(n, entry, true);
    }
    const key = `${t.brand.title}\u0000${t.model.title}`;
    let model = models.get(key);
    if (!model) {
      const c = compact(t.model.title);
      model = {
        kind: 'model',
        brand: t.brand.title,
        model: t.model.title,
        modelIds: [],
        needsBrand: c.length <= 2 || (/^\d+$/.test(c) && c.length < 4),
      };
      models.set(key, model);
      add(t.model.title, model, false);
      for (const n of MODEL_NAMES[t.brand.title]?.[t.model.title] ?? []) add(n, model, true);
    }
    if (!model.modelIds.includes(t.model.id)) model.modelIds.push(t.model.id);
  }
  // Models of the table the directory does not hold: read at the brand step, when their brand is sold here.
  for (const [brand, table] of Object.entries(MODEL_NAMES)) {
    if (!brandOf.has(brand)) continue;
    for (const [model, list] of Object.entries(table)) {
      if (models.has(`${brand}\u0000${model}`)) continue;
      const entry: Entry = { kind: 'model', brand, model, modelIds: [], needsBrand: false };
      models.set(`${brand}\u0000${model}`, entry);
      for (const n of list) add(n, entry, true);
    }
  }
  const dict: Dictionary = {
    names,
    long: [...names.keys()].filter((n) => n.length >= 5 && /^\p{L}+$/u.test(n)),
    brandOf,
    list: dir.list,
  };
  dictionaries.set(dir, dict);
  return dict;
}

/** Whether a and b differ by at most one edit (insert, delete, replace or swap of neighbours). */
function oneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

interface Token {
  /** As typed, for the rest of the query. */
  raw: string;
  /** Lower case, е for ё, no punctuation around (hyphens and apostrophes inside dropped). */
  word: string;
}

interface Match {
  start: number;
  length: number;
  entries: Entry[];
  /** 3 a name as listed, 2 the other keyboard layout or transliteration, 1 one typo. */
  quality: number;
}

function tokenize(query: string): Token[] {
  return query
    .split(/\s+/)
    .filter((raw) => raw !== '')
    .map((raw) => {
      const word = raw
        .toLowerCase()
        .replace(/ё/g, 'е')
        .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '')
        .replace(/\.$/, (dot) => (/\d\.$/.test(raw) ? '' : dot));
      return { raw, word: word.replace(/[-'’`]/g, '') };
    });
}

function lookup(
  dict: Dictionary,
  phrase: string,
  single: boolean,
): { entries: Entry[]; quality: number } | null {
  if (phrase === '' || YEAR.test(phrase) || VOLUME.test(phrase)) return null;
  const exact = dict.names.get(phrase);
  if (exact) return { entries: exact, quality: 3 };
  const switched = switchKeyboardLayout(phrase);
  const other = switched === null ? undefined : dict.names.get(compact(switched));
  if (other) return { entries: other, quality: 2 };
  if (/[а-я]/.test(phrase)) {
    const latin = dict.names.get(transliterate(phrase));
    if (latin) return { entries: latin, quality: 2 };
  }
  if (single && phrase.length >= 5 && /^\p{L}+$/u.test(phrase)) {
    const near = dict.long.filter((n) => oneEdit(n, phrase));
    if (near.length > 0) return { entries: near.flatMap((n) => dict.names.get(n) ?? []), quality: 1 };
  }
  return null;
}

/** The vehicle the query names, and the query without its words; null when it names none. */
export function readVehicle(dir: TransportDirectory, query: string): VehicleReading | null {
  const dict = dictionaryOf(dir);
  const tokens = tokenize(query);
  const matches: Match[] = [];
  for (let i = 0; i < tokens.length;) {
    let found: Match | null = null;
    for (let length = Math.min(3, tokens.length - i); length >= 1 && !found; length--) {
      const phrase = compact(
        tokens
          .slice(i, i + length)
          .map((t) => t.word)
          .join(''),
      );
      const hit = lookup(dict, phrase, length === 1);
      if (hit) found = { start: i, length, ...hit };
    }
    if (found) {
      matches.push(found);
      i += found.length;
    } else i++;
  }
  const brands = new Set(
    matches.flatMap((m) => m.entries.filter((e) => e.kind === 'brand').map((e) => e.brand)),
  );
  const scored = matches.flatMap((m) =>
    m.entries
      .filter((e) => e.kind === 'model' && (!e.needsBrand || brands.has(e.brand)))
      .map((e) => ({
        match: m,
        entry: e,
        score: (brands.has(e.brand) ? 10 : 0) + m.length * 2 + m.quality + (e.modelIds.length > 0 ? 0.5 : 0),
      })),
  );
  if (scored.length === 0) return null;
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const used = new Set<number>();
  const take = (m: Match) => {
    for (let k = m.start; k < m.start + m.length; k++) used.add(k);
    // 'колодки на гранту', 'фильтр для солярис': the preposition belongs to the vehicle.
    if (m.start > 0 && PREPOSITIONS.has(tokens[m.start - 1]!.word)) used.add(m.start - 1);
  };
  take(best.match);
  for (const m of matches)
    if (m.entries.some((e) => e.kind === 'brand' && e.brand === best.entry.brand)) take(m);

  // Year and engine volume: any words left, each with its unit word ('2018 г.', '1.6 л').
  let year: number | null = null;
  let volume: string | null = null;
  tokens.forEach((t, k) => {
    if (used.has(k)) return;
    const y = YEAR.exec(t.word);
    const v = VOLUME.exec(t.word);
    if (y && year === null) year = Number(y[1]);
    else if (v && volume === null) volume = `${Number(v[1])}.${v[2]}`;
    else return;
    used.add(k);
    const next = tokens[k + 1];
    if (next && !used.has(k + 1) && (y ? YEAR_WORD : LITRE_WORD).test(next.word)) used.add(k + 1);
  });
  const rest = tokens
    .filter((_, k) => !used.has(k))
    .map((t) => t.raw)
    .join(' ');

  const { brand, model } = best.entry;
  let title = model;
  let pool = dict.list.filter((t) => best.entry.modelIds.includes(t.model.id));
  if (pool.length === 0) {
    const label = [brand, model, year].filter((x) => x !== null).join(' ');
    const vehicle: SearchVehicle = { brand, model, label, step: 'brand', query: rest, transports: [] };
    if (year !== null) vehicle.year = year;
    return { vehicle, transportIds: [] };
  }
  let provenYear: number | null = null;
  if (year !== null) {
    const y: number = year;
    let inYear = pool.filter((t) => t.years.includes(y));
    if (inYear.length === 0) {
      // A later generation sold as its own model ('Octavia' 2015 → 'Octavia A7').
      inYear = dict.list.filter(
        (t) => t.brand.title === brand && t.model.title.startsWith(`${model} `) && t.years.includes(y),
      );
      if (inYear.length > 0) title = inYear[0]!.model.title;
    }
    if (inYear.length > 0) {
      const only = inYear.filter((t) => t.model.title === title);
      pool = only;
      provenYear = y;
    }
  }
  let engine: string | null = null;
  if (volume !== null) {
    const v: string = volume;
    const withVolume = pool.filter((t) => t.engine.title.startsWith(`${v} `) || t.engine.title === v);
    if (withVolume.length > 0) {
      pool = withVolume;
      // One engine of that volume: its name; several ('1.6 (87 л.с.)', '1.6 (106 л.с.)'): the volume.
      engine = new Set(withVolume.map((t) => t.engine.title)).size === 1 ? withVolume[0]!.engine.title : v;
    }
  }
  const one = pool.length === 1 ? pool[0]! : null;
  const label = [brand, title, provenYear, engine !== null ? volume : null]
    .filter((x) => x !== null)
    .join(' ');
  const vehicle: SearchVehicle = {
    brand,
    model: title,
    label,
    step: one ? 'engine' : provenYear !== null ? 'year' : 'model',
    query: rest,
    transports: pool.slice(0, TRANSPORTS_SHOWN).map((t) => ({ id: t.id, label: t.label })),
  };
  if (one) vehicle.transport_id = one.id;
  if (provenYear !== null) vehicle.year = provenYear;
  if (engine !== null) vehicle.engine = engine;
  return { vehicle, transportIds: pool.map((t) => t.id) };
}
