import fc from 'fast-check';
import { CATALOG_SORTS, ORDER_ORDERINGS, SORT_ORDERS } from '@podbor/contract';

// Requests generated from the API's own OpenAPI document: for every operation, its path parameters, query and
// JSON body get valid values, boundary values, hostile text, wrong types and malformed encodings. Request n of
// a seed is always the same (its own fast-check seed), so a failure is replayed from the seed and its number.

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation> | undefined>;
}

export interface FuzzOperation {
  name: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
}

export type CallerKind = 'anonymous' | 'visitor' | 'user';

export interface FuzzRequest {
  index: number;
  operation: string;
  method: string;
  /** Path and query, exactly as sent (percent-escapes may be malformed on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** `latin1`: the body's characters are sent as single bytes (invalid UTF-8). */
  bodyEncoding?: 'utf8' | 'latin1';
  caller: CallerKind;
  /** Which of the runner's client addresses sends it. */
  client: number;
}

/** Known-good values by field or parameter name, read from the running API, so requests get past validation. */
export type Samples = Record<string, readonly unknown[]>;

/** Every operation of the document, plus the pseudo-operation for stray URLs and methods. */
export function operationsOf(doc: OpenApiDoc): FuzzOperation[] {
  const list: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods ?? {})) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      list.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return list;
}

/** A JSON token written as is: numbers JSON.stringify cannot produce (1e400, 9007199254740993, -0). */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

const LONG = 'x'.repeat(10_000);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Hostile texts by kind; each kind is drawn equally often, so the few bad-byte texts are not drowned out. */
const HOSTILE_TEXT: Record<string, readonly string[]> = {
  badBytes: [
    '\u0000',
    'a\u0000b',
    'Перезвоните\u0000 мне',
    '\ud800',
    'a\udfff',
    'эмодзи \ud83d',
    '\udc00\ud800',
  ],
  size: ['', ' ', '\t\n ', LONG, 'я'.repeat(1001), 'A'.repeat(201), 'a'.repeat(256)],
  unicode: [
    'Ёжик в тумане',
    '日本語のテキスト',
    '\u202eevil\u202c',
    'مرحبا بالعالم',
    'שלום עולם',
    '👨‍👩‍👧‍👦🚗🔧',
    '\ufeffBOM',
    'Z̸̢͉a̵l̶g̷o̶',
    '\u200b\u200d',
  ],
  injection: [
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '1; SELECT pg_sleep(10)--',
    '$$; select 1; $$',
    '\\',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '{{7*7}}',
    '${7*7}',
  ],
  path: [
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2f',
    '/',
    '..',
    '%00',
    '\\u0000',
    '%',
    '%zz',
    '%E0%A4%A',
    '\r\nSet-Cookie: a=b',
  ],
  words: ['__proto__', 'constructor', 'null', 'undefined', 'NaN', 'Infinity', 'true', '[]', '{}'],
  numeric: [
    '0',
    '-1',
    '1.5',
    '1e400',
    '2147483647',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '00001',
    '0x10',
    '١٢٣',
    ' 42 ',
  ],
  formats: [
    '+7 (999) 123-45-67',
    '8 999 123 45 67',
    '+7999123456789012345',
    'a@b',
    'test@@example.ru',
    'ivan@пример.рф',
    '1970-01-01',
    '9999-12-31',
    '2024-02-30',
    '0000-00-00',
    '2024-01-01T25:61:00Z',
    '-infinity',
  ],
};

const HOSTILE_NUMBERS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '1.5',
  '0.1',
  '1e-7',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '1e308',
  '1e400',
  '-1e400',
  '1E2',
  '123456789012345678901234567890',
  '5e-324',
];

const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [null],
  ['a', 'b'],
  [1, 2, 3],
  { a: 1 },
  { $gt: '' },
  new Raw('['.repeat(300) + ']'.repeat(300)),
  new Raw('{"a":'.repeat(200) + '1' + '}'.repeat(200)),
];

/** Texts written into a URL as they are: bad escapes, traversal, encoded NUL and surrogate halves. */
const RAW_URL_PIECES: readonly string[] = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%C0%AE%C0%AE',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '%5C',
  'a%20b',
  '+',
  'a'.repeat(400),
  '%F0%9F%9A%97',
];

const CONTENT_TYPES: readonly string[] = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;',
  'application/json ; foo=bar',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/merge-patch+json',
  '*/*',
  'application',
  ';;;',
  'application/json, text/plain',
];

const MALFORMED_JSON: readonly string[] = [
  '{"a":1,}',
  '[1,2,]',
  "{'a':1}",
  '{a:1}',
  'NaN',
  '{"a":NaN}',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1} // comment',
  '/* c */{}',
  ' ',
  'null',
  '"',
  '{"',
  '{"a":"b',
  '[',
  '{"a" 1}',
  '{"a":tru}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(100_000),
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '1e400',
  '9007199254740993',
  '"\u0000"',
];

const AUTHORIZATIONS: readonly string[] = [
  'Bearer ',
  'Bearer abc',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.',
  'Basic Zm9vOmJhcg==',
  `Bearer ${'x'.repeat(8000)}`,
  'Token 123',
  'bearer',
  '%00',
];

const HEADER_VALUES: readonly string[] = [
  '',
  'moskva',
  '../../etc',
  'a'.repeat(3000),
  '%00',
  "' OR 1=1 --",
  '<script>',
  'evil.example.com',
  '2147483648',
];

const TEXT_SAMPLES = {
  phone: ['+7 (999) 123-45-67', '89991234567', '+79161234567'],
  email: ['ivan@example.ru', 'test.user+tag@mail.ru'],
  name: ['Иван', 'Иван Петров', 'Anna'],
  message: ['Перезвоните, пожалуйста', 'Нужны колодки на Lada Vesta'],
  password: ['Krasnaya-Mashina-42'],
  code: ['1234', '0000'],
  query: ['колодки', 'масло', 'lada', 'bosch 0986'],
  date: ['2024-01-01', '2023-12-31T10:00:00Z'],
} as const;

/** Samples a field gets by its name, besides the ones read from the API. */
function fixedSamples(): Samples {
  return {
    phone: TEXT_SAMPLES.phone,
    phone_number: TEXT_SAMPLES.phone,
    email: TEXT_SAMPLES.email,
    name: TEXT_SAMPLES.name,
    first_name: TEXT_SAMPLES.name,
    last_name: TEXT_SAMPLES.name,
    patronymic: TEXT_SAMPLES.name,
    message: TEXT_SAMPLES.message,
    comment: TEXT_SAMPLES.message,
    password: TEXT_SAMPLES.password,
    password2: TEXT_SAMPLES.password,
    current_password: TEXT_SAMPLES.password,
    code: TEXT_SAMPLES.code,
    query: TEXT_SAMPLES.query,
    search: TEXT_SAMPLES.query,
    created_after: TEXT_SAMPLES.date,
    created_before: TEXT_SAMPLES.date,
    date_of_birthday: ['1990-05-17', '2000-1-1'],
    grade: [1, 3, 5],
    quantity: [1, 2, 3],
    page: ['1', '2'],
    size: ['1', '10'],
    with_installation: [false],
    consent: [true],
    is_checked: [true],
    ordering: ORDER_ORDERINGS,
    sort: CATALOG_SORTS,
    order: SORT_ORDERS,
    orderId: ['1', '2', '3'],
    method: ['yandex', 'vk', 'sber', 'gosuslugi'],
  };
}

type GetJson = (url: string) => Promise<unknown>;

function collect(value: unknown, key: string, into: Set<string | number>) {
  const stack = [value];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        if (k === key && (typeof child === 'string' || typeof child === 'number') && child !== '') {
          into.add(child);
        } else stack.push(child);
      }
    }
  }
}

async function pick(getJson: GetJson, url: string, key: string, limit = 12): Promise<(string | number)[]> {
  const found = new Set<string | number>();
  collect(await getJson(url), key, found);
  return [...found].slice(0, limit);
}

/** Real slugs and ids from the running API (through `getJson`), by the field and parameter names using them. */
export async function discoverSamples(getJson: GetJson): Promise<Samples> {
  const products = await pick(getJson, '/api/v1/catalog/sitemap/products/?size=20&page=2', 'slug');
  const categories = await pick(getJson, '/api/v1/catalog/categories/tree/', 'slug', 20);
  const pages = await pick(getJson, '/api/v1/pages/menu/', 'slug');
  const manufacturers = await pick(getJson, '/api/v1/catalog/sitemap/manufacturers/', 'slug');
  const branchTree = await getJson('/api/v1/branches/');
  const cities = [...new Set((branchTree as { slug: string }[]).map((c) => c.slug))];
  const branchIds = new Set<string | number>();
  collect(branchTree, 'id', branchIds);
  // Cash first: the walk's order base pays in cash, which needs no payment provider.
  const groups = (await getJson('/api/v1/payment/methods/')) as { type: string; values: { id: number }[] }[];
  const methods = [...groups]
    .sort((a) => (a.type === 'CASH' ? -1 : 1))
    .flatMap((g) => g.values.map((v) => v.id));
  const years = ((await getJson('/api/v2/transport/years/')) as string[]).slice(0, 12);
  const year = years.includes('2018') ? '2018' : years[0]!;
  const types = await pick(getJson, `/api/v2/transport/${year}/brands/`, 'slug', 40);
  const [type] = types;
  const brands = types.slice(1);
  const brand = brands.includes('lada') ? 'lada' : String(brands[0]);
  const models = await pick(getJson, `/api/v2/transport/${year}/${type}/${brand}/models/`, 'slug');
  const model = models.includes('vesta') ? 'vesta' : String(models[0]);
  const transports = await pick(
    getJson,
    `/api/v2/transport/${year}/${type}/${brand}/${model}/engines/`,
    'transport_id',
  );
  const transportIds = [...transports, 1, 2];
  const filters = (await getJson(`/api/v1/catalog/${categories[1] ?? categories[0]}/filters/`)) as {
    slug: string;
    type: string;
    min?: number;
    max?: number;
    values?: { value: string | number }[];
  }[];
  const filterKeys = filters.map((f) => f.slug);
  // A selection the listing accepts: one value of a checkbox filter, the full span of a range.
  const selections = filters.flatMap((f) =>
    f.type === 'RANGE' && f.min !== undefined && f.max !== undefined
      ? [{ [f.slug]: [f.min, f.max] }]
      : f.values?.[0]
        ? [{ [f.slug]: [f.values[0].value] }]
        : [],
  );
  return {
    ...fixedSamples(),
    productSlug: products,
    product: products,
    product_slug: products,
    slug: products,
    'path:slug': manufacturers,
    // A leaf first: the walk's listing base and the filter selection below are of the same category.
    categorySlug: [categories[1] ?? categories[0], ...categories],
    category: categories,
    pageSlug: pages,
    city: cities,
    branch_office_id: [...branchIds].slice(0, 8),
    payment_method_id: methods,
    payment_type: ['CASH', 'CARD'],
    // The vehicle the engines were read for first, so the walk's drill-down bases name a real one.
    year: [year, ...years],
    yearSlug: years,
    'path:type': [String(type)],
    brand: [brand, ...brands],
    brandSlug: brands,
    model: [model, ...models],
    modelSlug: models,
    transportId: transportIds.map(String),
    transport: transportIds,
    transport_id: transportIds,
    filterKeys,
    filter: [...selections.slice(0, 3), {}],
  };
}

// ---- values ----

const hostileString = fc.oneof(
  ...Object.values(HOSTILE_TEXT).map((list) => fc.constantFrom(...list)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map((t) => new Raw(t)) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);

/** A sample in the schema's type: query samples are text, the same names in a body may be numbers. */
function coerce(value: unknown, schema: JsonSchema | undefined): unknown {
  if (schema?.type === 'string' && typeof value === 'number') return String(value);
  if ((schema?.type === 'integer' || schema?.type === 'number') && typeof value === 'string') {
    return Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return value;
}

/** A path parameter's own samples (`path:slug`, `path:type`) where a body field of the same name means another thing. */
function sampleKey(param: Parameter, samples: Samples): string {
  return param.in === 'path' && samples[`path:${param.name}`] ? `path:${param.name}` : param.name;
}

/** A value the schema (and, where known, the API's data) accepts. */
function validValue(
  schema: JsonSchema | undefined,
  name: string,
  samples: Samples,
  depth = 0,
  /** Every optional property present and every array non-empty: the walk's base values. */
  full = false,
): fc.Arbitrary<unknown> {
  const known = samples[name];
  // The walk's base takes the first (best) sample, so that it is one request the API accepts.
  if (known && known.length > 0 && full) return fc.constant(coerce(known[0], schema));
  if (schema?.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (known && known.length > 0) return fc.constantFrom(...known.map((v) => coerce(v, schema)));
  if (!schema || depth > 4) return fc.constant('');
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) {
    return fc.oneof(...options.map((s) => validValue(s, name, samples, depth + 1, full)));
  }
  switch (schema.type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 20, 20);
      const min = Math.min(schema.minLength ?? 0, max);
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .map((s) => s.slice(0, max))
          .filter((s) => s.length >= Math.max(min, 1));
      }
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, 1), max: Math.min(schema.maximum ?? 5, 5) });
    case 'number':
      return fc.double({ min: 0, max: 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = validValue(schema.items, name, samples, depth + 1, full);
      return fc.array(item, {
        minLength: Math.max(schema.minItems ?? 0, full ? 1 : 0),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case 'object':
      return validObject(schema, samples, depth + 1, full);
    default:
      return fc.constant(null);
  }
}

function validObject(
  schema: JsonSchema,
  samples: Samples,
  depth: number,
  full: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of props) {
    const value = validValue(prop, key, samples, depth, full);
    model[key] = required.has(key) || full ? value : fc.option(value, { nil: undefined, freq: 3 });
  }
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          fc.constantFrom(...(samples.filterKeys ?? ['brand', 'price', 'color']).map(String)),
          validValue(schema.additionalProperties, '', samples, depth, full),
          { minKeys: full ? 1 : 0, maxKeys: 3 },
        )
      : fc.constant({});
  return fc.tuple(fc.record(model), extra).map(([record, more]) => {
    const out: Record<string, unknown> = { ...more };
    for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
    return out;
  });
}

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      pathsOf(v, [...prefix, i], out);
    });
  } else if (typeof value === 'object' && value !== null && !(value instanceof Raw)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      pathsOf(v, [...prefix, k], out);
    }
  }
  return out;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], root);
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const obj = root as Record<string, unknown>;
  return { ...obj, [head!]: setAt(obj[head!], rest, value) };
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 1 && typeof root === 'object' && root !== null && !Array.isArray(root)) {
    const { [String(path[0])]: _dropped, ...rest } = root as Record<string, unknown>;
    return rest;
  }
  return root;
}

interface BodyPlan {
  contentType?: string;
  body?: string;
  encoding?: 'utf8' | 'latin1';
}

function bodyArbitrary(schema: JsonSchema | undefined, samples: Samples): fc.Arbitrary<BodyPlan> {
  const valid = schema ? validValue(schema, '', samples) : fc.constant({});
  const json = (text: string): BodyPlan => ({ contentType: 'application/json', body: text });
  return fc.oneof(
    // Valid but for one value somewhere inside (or none): gets past validation into the handlers.
    {
      weight: 12,
      arbitrary: fc
        .tuple(valid, fc.nat(), hostileString, hostileNumber, hostileValue, fc.nat(9))
        .map(([value, n, text, number, any, roll]) => {
          const paths = pathsOf(value);
          if (roll < 2 || paths.length === 0) return json(toJson(value));
          const path = paths[n % paths.length]!;
          // Mostly a hostile value of the field's own type, which the field's checks have to judge.
          const current = getAt(value, path);
          const sameType = typeof current === 'string' ? text : typeof current === 'number' ? number : any;
          return json(toJson(setAt(value, path, roll < 8 ? sameType : any)));
        }),
    },
    // A required field left out.
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, n]) => {
        const keys = Object.keys((value ?? {}) as object);
        return json(toJson(keys.length ? deleteAt(value, [keys[n % keys.length]!]) : value));
      }),
    },
    // Extra and duplicate fields.
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('extra', 'is_staff', 'role', 'id', 'price'), hostileValue)
        .map(([value, key, bad]) => {
          const text = toJson(value);
          const extra = `${JSON.stringify(key)}:${toJson(bad)}`;
          return json(text.startsWith('{') && text.length > 2 ? `{${extra},${text.slice(1)}` : text);
        }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES, 'text', 12).map((v) => json(toJson(v))) },
    // Malformed JSON: fixed shapes, or a valid body cut short.
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map(json) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, n]) => {
        const text = toJson(value);
        return json(text.slice(0, n % Math.max(text.length, 1)));
      }),
    },
    // Invalid UTF-8 bytes inside a string.
    {
      weight: 1,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => ({
        contentType: 'application/json',
        body: `{"name":"${String.fromCharCode(...[...bytes].map((b) => b | 0x80))}"}`,
        encoding: 'latin1' as const,
      })),
    },
    // Other content types, and no body at all.
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
        .map(([value, contentType]) => ({ contentType, body: toJson(value) })),
    },
    { weight: 1, arbitrary: fc.constantFrom<BodyPlan>({}, { contentType: 'application/json', body: '' }) },
    {
      weight: 1,
      arbitrary: fc.constant<BodyPlan>({
        contentType: 'application/json',
        body: `{"message":"${'я'.repeat(600_000)}"}`,
      }),
    },
  );
}

/** A path or query value: valid, hostile (encoded), or written raw into the URL. */
function urlValue(param: Parameter, samples: Samples): fc.Arbitrary<string> {
  const key = sampleKey(param, samples);
  const valid = validValue(param.schema, key, samples).map((v) => encodeURIComponent(String(v)));
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    // encodeURIComponent cannot write a lone surrogate; RAW_URL_PIECES sends its UTF-8 look-alike instead.
    {
      weight: 4,
      arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(LONE_SURROGATE, '\ufffd'))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  );
}

function queryArbitrary(params: Parameter[], samples: Samples): fc.Arbitrary<string> {
  const declared = params.filter((p) => p.in === 'query');
  const parts = declared.map((p) =>
    fc.option(
      urlValue(p, samples).map((v) => `${p.name}=${v}`),
      { nil: undefined, freq: 2 },
    ),
  );
  const names = [...declared.map((p) => p.name), 'page', 'transport'];
  const extras = fc.array(
    fc.oneof(
      // Duplicates and array or object syntax of a known name.
      fc
        .tuple(fc.constantFrom(...names), urlValue({ in: 'query', name: 'x' }, samples))
        .map(([n, v]) => `${n}=${v}`),
      fc.constantFrom(...names).map((n) => `${n}[]=1&${n}[]=2`),
      fc.constantFrom(...names).map((n) => `${n}[a][b]=1`),
      fc.constantFrom(...names),
      fc.constantFrom(
        '__proto__[admin]=1',
        'constructor[prototype][admin]=1',
        '&&&',
        '=',
        '==x',
        '%=%',
        `q=${'a'.repeat(9000)}`,
      ),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...parts), extras).map(([chosen, more]) => {
    const all = [...chosen.filter((p): p is string => p !== undefined), ...more];
    return all.length ? `?${all.join('&')}` : '';
  });
}

function pathArbitrary(op: FuzzOperation, samples: Samples): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(op.path);
  const byName = new Map(op.params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const values = names.map((n) => urlValue(byName.get(n) ?? { in: 'path', name: n }, samples));
  return fc.tuple(...values).map((vs) => {
    let i = 0;
    return op.path.replace(/\{\w+\}/g, () => vs[i++]!);
  });
}

function headersArbitrary(op: FuzzOperation): fc.Arbitrary<Record<string, string>> {
  const declared = op.params.filter((p) => p.in === 'header').map((p) => p.name);
  const names = [...declared, 'x-city', 'x-client-host', 'accept-language', 'idempotency-key'];
  return fc
    .tuple(
      // Mostly the caller's own credentials; now and then a forged or broken Authorization instead.
      fc.oneof(
        { weight: 7, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...AUTHORIZATIONS) },
      ),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.constantFrom(...names), fc.constantFrom(...HEADER_VALUES), {
            maxKeys: 2,
          }),
        },
      ),
    )
    .map(([authorization, more]) => ({
      ...Object.fromEntries(Object.entries(more).filter(([, v]) => v !== '')),
      ...(authorization ? { authorization } : {}),
    }));
}

const STRAY_PATHS: readonly string[] = [
  '/api/v1/../../etc/passwd',
  '/api/v1/%2e%2e/%2e%2e/package.json',
  '/api//v1//showcase//',
  '/api/v1/showcase',
  '/API/V1/SHOWCASE/',
  '/api/v3/transport/',
  '/api/v1/',
  '/api/',
  '/api/v1/%',
  '/api/v1/%E0%A4%A/',
  '/api/v1/%00/',
  '/api/v1/catalog/products/%ED%A0%80/',
  `/api/v1/catalog/products/${'a'.repeat(5000)}/`,
  '/media/../package.json',
  '/media/%2e%2e/%2e%2e/package.json',
  '/media/..%2f..%2fpackage.json',
  '/media/%00.webp',
  '/api/docs/../../package.json',
  '/api/health/',
  '/api/v1/showcase/?__proto__[x]=1',
  `/api/v1/catalog/search/?${'query=abc&'.repeat(800)}`,
  '/api/v1/user/profile/orders/-1/',
  '/api/v1/user/profile/orders/1e3/',
  '/api/v1/user/profile/orders/0x10/',
  '/api/v1/transport/2147483648/',
  '/api/v1/transport/99999999999999999999/',
];

function strayArbitrary(
  ops: FuzzOperation[],
): fc.Arbitrary<Omit<FuzzRequest, 'index' | 'caller' | 'client'>> {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...STRAY_PATHS), fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD', 'OPTIONS'))
      .map(([url, method]) => ({ operation: 'stray', method, url, headers: {} })),
    // A known path with a method it does not take (or a preflight).
    fc
      .tuple(
        fc.constantFrom(...ops),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
      )
      .map(([op, method]) => {
        const headers: Record<string, string> =
          method === 'OPTIONS'
            ? { origin: 'https://evil.example', 'access-control-request-method': 'POST' }
            : {};
        return { operation: 'stray', method, url: op.path.replace(/\{\w+\}/g, '1'), headers };
      }),
  );
}

type Generated = Omit<FuzzRequest, 'index'>;

function operationArbitrary(op: FuzzOperation, samples: Samples): fc.Arbitrary<Generated> {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc
    .record({
      path: pathArbitrary(op, samples),
      query: queryArbitrary(op.params, samples),
      headers: headersArbitrary(op),
      body: hasBody ? bodyArbitrary(op.body, samples) : fc.constant<BodyPlan>({}),
      caller: fc.constantFrom<CallerKind>('anonymous', 'visitor', 'user', 'user'),
      client: fc.nat(63),
    })
    .map(({ path, query, headers, body, caller, client }) => ({
      operation: op.name,
      method: op.method,
      url: path + query,
      headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers,
      ...(body.body !== undefined ? { body: body.body } : {}),
      ...(body.encoding ? { bodyEncoding: body.encoding } : {}),
      caller,
      client,
    }));
}

// ---- the walk: every field of every operation, one boundary value at a time ----

/** What each body field gets in turn, the rest of the body staying valid. */
const BOUNDARY_VALUES: readonly unknown[] = [
  '',
  'a\u0000b',
  'x\ud800',
  LONG,
  '𝕏 👨‍👩‍👧 \u202eRTL',
  "' OR 1=1 --<script>",
  '../../etc/passwd',
  '%00',
  new Raw('0'),
  new Raw('-1'),
  new Raw('2147483647'),
  new Raw('2147483648'),
  new Raw('9007199254740993'),
  new Raw('1e400'),
  new Raw('1.5'),
  null,
  {},
  [],
  true,
];

/** What each path and query parameter gets in turn, written into the URL as is. */
const BOUNDARY_URL_VALUES: readonly string[] = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x'.repeat(2000),
  '%F0%9D%95%8F%20%E2%80%AERTL',
  encodeURIComponent("' OR 1=1 --<script>"),
  '..%2F..%2Fetc%2Fpasswd',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1e400',
  '1.5',
  '%',
  '%E0%A4%A',
];

interface Base {
  pathValues: string[];
  query: string[];
  body: unknown;
}

function baseArbitrary(op: FuzzOperation, samples: Samples): fc.Arbitrary<Base> {
  const byName = new Map(op.params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const queryParams = op.params.filter((p) => p.in === 'query');
  const text = (p: Parameter) =>
    validValue(p.schema, sampleKey(p, samples), samples, 0, true).map((v) => encodeURIComponent(String(v)));
  return fc.record({
    pathValues: fc.tuple(...pathNames.map((n) => text(byName.get(n) ?? { in: 'path', name: n }))),
    query: fc.tuple(...queryParams.map(text)),
    body: op.body ? validValue(op.body, '', samples, 0, true) : fc.constant(undefined),
  });
}

/** The walk of one operation: its valid base request, then each parameter and body field varied alone. */
function walkOf(op: FuzzOperation, base: Base): Generated[] {
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const build = (pathValues: string[], query: string[], body: unknown, bodyText?: string): Generated => {
    let i = 0;
    const qs = query.map((v, j) => `${queryNames[j]}=${v}`).join('&');
    const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
    return {
      operation: op.name,
      method: op.method,
      url: op.path.replace(/\{\w+\}/g, () => pathValues[i++]!) + (qs ? `?${qs}` : ''),
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      ...(hasBody ? { body: bodyText ?? toJson(body ?? {}) } : {}),
      caller: 'user',
      client: 0,
    };
  };
  const list = [build(base.pathValues, base.query, base.body)];
  for (const [j] of pathNames.entries()) {
    for (const v of BOUNDARY_URL_VALUES) list.push(build(base.pathValues.with(j, v), base.query, base.body));
  }
  for (const [j] of queryNames.entries()) {
    for (const v of BOUNDARY_URL_VALUES) list.push(build(base.pathValues, base.query.with(j, v), base.body));
  }
  if (base.body !== undefined) {
    for (const path of pathsOf(base.body)) {
      for (const v of BOUNDARY_VALUES)
        list.push(build(base.pathValues, base.query, setAt(base.body, path, v)));
      if (path.length === 1) list.push(build(base.pathValues, base.query, deleteAt(base.body, path)));
    }
    for (const v of BOUNDARY_VALUES) list.push(build(base.pathValues, base.query, v));
  }
  return list;
}

export interface FuzzPlan {
  seed: number;
  operations: FuzzOperation[];
  /** Size of the systematic walk, which comes first; random requests follow it. */
  walkSize: number;
  generate(index: number): FuzzRequest;
}

const seedOf = (seed: number, n: number) => (Math.imul(seed ^ n, 0x9e3779b1) + n) | 0;

/**
 * First the walk (every operation's fields and parameters, one boundary value at a time, operations taken in
 * turn), then random requests: random request n goes to operation n mod (operations + 1), the extra one being
 * stray URLs and methods.
 */
export function fuzzPlan(doc: OpenApiDoc, samples: Samples, seed: number): FuzzPlan {
  const operations = operationsOf(doc);
  const walks = operations.map((op, i) => {
    const [base] = fc.sample(fc.noBias(baseArbitrary(op, samples)), {
      seed: seedOf(seed, -1 - i),
      numRuns: 1,
    });
    return walkOf(op, base!);
  });
  const walk: Generated[] = [];
  for (let round = 0; walk.length < walks.reduce((n, w) => n + w.length, 0); round += 1) {
    for (const w of walks) if (round < w.length) walk.push(w[round]!);
  }
  const stray = fc
    .tuple(
      strayArbitrary(operations),
      fc.constantFrom<CallerKind>('anonymous', 'visitor', 'user'),
      fc.nat(63),
    )
    .map(([req, caller, client]) => ({ ...req, caller, client }));
  const arbitraries = [...operations.map((op) => operationArbitrary(op, samples)), stray].map((a) =>
    fc.noBias(a),
  );
  return {
    seed,
    operations,
    walkSize: walk.length,
    generate(index) {
      // Each walk request from its own client address: per-address limits must not hide a field's answer.
      if (index < walk.length) return { ...walk[index]!, index, client: index };
      const n = index - walk.length;
      const arbitrary = arbitraries[n % arbitraries.length]!;
      const [request] = fc.sample(arbitrary, { seed: seedOf(seed, n), numRuns: 1 });
      return { index, ...request! };
    },
  };
}
