import { FAQ, INSTALLATION } from './demo/content';
import { IMAGE_KINDS } from './media';
import type { Platform } from './reference';
import type { ColumnType } from './bulk';

/**
 * The generator's batches as PostgreSQL COPY text (one chunk per table), for the PostgreSQL seed. Each row holds
 * exactly the values the INSERT … SELECT path (bulk.ts, PGlite) computes in SQL from the same batch, so both
 * paths store the same rows; seed.pg.test.ts compares whole-table digests of the two.
 */

// COPY text format: backslash, tab, newline and carriage return are escaped; \N is NULL.
const SPECIAL = /[\\\t\n\r]/;
const escapeText = (s: string): string =>
  SPECIAL.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;

/** One value as the JSON path would cast it: `(e->>i)::type`, `(e->i)::jsonb`, to_timestamp(…); per column type. */
const number = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? '\\N' : String(v)); // JSON: null
const FIELD: Record<ColumnType, (value: unknown) => string> = {
  int: number,
  smallint: number,
  numeric: number,
  text: (v) => escapeText(String(v)),
  jsonb: (v) => escapeText(JSON.stringify(v)),
  bool: (v) => (v ? 't' : 'f'),
  // to_timestamp(seconds): an exact instant; ISO with a Z reads back as the same timestamptz.
  epoch: (v) => new Date(Number(v) * 1000).toISOString(),
  timestamptz: (v) => escapeText(String(v)),
  'text[]': () => {
    throw new Error('COPY: text[] columns are not written by the bulk load');
  },
};

export interface CopyTable {
  table: string;
  columns: Record<string, ColumnType>;
}

function encode(types: ColumnType[], rows: unknown[][]): string {
  const fields = types.map((t) => FIELD[t]);
  const width = fields.length;
  const lines: string[] = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let line = '';
    for (let i = 0; i < width; i++) {
      const v = row[i];
      // null and undefined (JSON.stringify writes both as null) are \N.
      line += (i > 0 ? '\t' : '') + (v === null || v === undefined ? '\\N' : fields[i]!(v));
    }
    lines[r] = line;
  }
  return rows.length === 0 ? '' : lines.join('\n') + '\n';
}

export const PRODUCTS_COPY: CopyTable = {
  table: 'products',
  columns: {
    id: 'int',
    slug: 'text',
    title: 'text',
    article: 'text',
    article_normalized: 'text',
    manufacturer_id: 'int',
    category_id: 'int',
    price: 'numeric',
    old_price: 'numeric',
    images: 'jsonb',
    description: 'text',
    installation: 'text',
    faq: 'jsonb',
    is_service: 'bool',
    is_universal: 'bool',
    with_installation: 'bool',
    is_popular: 'bool',
    popularity: 'int',
    rating_avg: 'numeric',
    rating_count: 'int',
    created_at: 'epoch',
  },
};

export const BULK_COPY = {
  props: {
    table: 'product_property_values',
    columns: { product_id: 'int', property_id: 'int', value_id: 'int', num_value: 'numeric' },
  },
  fitment: {
    table: 'product_transports',
    columns: {
      product_id: 'int',
      transport_id: 'int',
      category_id: 'int',
      popularity: 'int',
      price: 'numeric',
      listed: 'bool',
    },
  },
  stock: { table: 'stock', columns: { warehouse_id: 'int', product_id: 'int', quantity: 'int' } },
  analogues: {
    table: 'analogues',
    columns: { product_id: 'int', analogue_id: 'int', is_original: 'bool' },
  },
  reviews: {
    table: 'reviews',
    columns: {
      id: 'int',
      product_id: 'int',
      author_first_name: 'text',
      author_last_name: 'text',
      grade: 'smallint',
      comment: 'text',
      created_at: 'epoch',
      is_verified_buyer: 'bool',
      moderation: 'text',
    },
  },
} satisfies Record<string, CopyTable>;

export const copyStatement = (t: CopyTable, freeze: boolean): string =>
  `copy "${t.table}" (${Object.keys(t.columns)
    .map((c) => `"${c}"`)
    .join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`;

const typesOf = (t: CopyTable) => Object.values(t.columns);

/** A value as its column type writes it, NULL included. */
const value = (type: ColumnType, v: unknown): string =>
  v === null || v === undefined ? '\\N' : FIELD[type](v);

/**
 * Each kind's installation text and FAQ as COPY fields, encoded once: they are the longest fields of a product row
 * and the same for every product of a kind (seed_kind_text on the other path).
 */
const KIND_FIELDS = IMAGE_KINDS.map((kind) => ({
  installation: value('text', INSTALLATION[kind]),
  faq: value('jsonb', FAQ[kind] ?? null),
}));
const NO_FAQ = value('jsonb', []);

/** Product rows: the kind number becomes its installation text and, when flagged, its FAQ (seed_kind_text). */
export function encodeProducts(rows: unknown[][]): string {
  const types = typesOf(PRODUCTS_COPY);
  const head = types.slice(0, 11);
  const tail = types.slice(13);
  const lines = rows.map((r) => {
    const kind = KIND_FIELDS[Number(r[11])];
    if (kind === undefined)
      throw new Error(`Seed data: product ${String(r[0])} has no kind ${String(r[11])}`);
    let line = '';
    for (let i = 0; i < head.length; i++) line += value(head[i]!, r[i]) + '\t';
    line += kind.installation + '\t' + (r[12] ? kind.faq : NO_FAQ);
    for (let i = 0; i < tail.length; i++) line += '\t' + value(tail[i]!, r[13 + i]);
    return line;
  });
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/**
 * Fitment rows: [product, platform, first position, count, category, popularity, price, listed] becomes one row
 * per vehicle of the platform's pool in [first, first + count), as the join on seed_pool does. Only the vehicle
 * differs between a product's rows: the rest of the line is encoded once.
 */
export function fitmentEncoder(platforms: Platform[]): (rows: unknown[][]) => string {
  const pools = new Map(platforms.map((p) => [p.index, p.transports.map((t) => String(t.id))]));
  const [, , category, popularity, price, listed] = typesOf(BULK_COPY.fitment);
  return (rows) => {
    const lines: string[] = [];
    for (const r of rows) {
      const pool = pools.get(Number(r[1])) ?? [];
      const first = Number(r[2]);
      const end = first + Number(r[3]);
      const product = value('int', r[0]) + '\t';
      const rest = `\t${value(category!, r[4])}\t${value(popularity!, r[5])}\t${value(price!, r[6])}\t${value(listed!, r[7])}`;
      for (let pos = Math.max(0, first); pos < end && pos < pool.length; pos++)
        lines.push(product + pool[pos]! + rest);
    }
    return lines.length === 0 ? '' : lines.join('\n') + '\n';
  };
}

export const encodeRows = (t: CopyTable, rows: unknown[][]): string => encode(typesOf(t), rows);
