import { z } from 'zod';
import { adminProductListQuery } from './admin-orders';

// The catalogue export of the back office (issue #15) and the Yandex Market feed.

export const PRODUCT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ProductExportFormat = (typeof PRODUCT_EXPORT_FORMATS)[number];

/** The product list's filters (search words, category) and the file's format; the whole result, not a page. */
export const adminProductExportQuery = adminProductListQuery.omit({ page: true, size: true }).extend({
  format: z.enum(PRODUCT_EXPORT_FORMATS, { error: 'Формат выгрузки: csv или xlsx.' }).default('csv'),
});
export type AdminProductExportQuery = z.infer<typeof adminProductExportQuery>;

/** The export is a file (text/csv or the XLSX type), streamed as it is read. */
export const adminProductExportResponse = z.string();

/** The column titles of the export (the first row of the file), in their order. */
export const PRODUCT_EXPORT_COLUMNS = {
  id: 'ID',
  article: 'Артикул',
  manufacturer: 'Производитель',
  title: 'Название',
  category: 'Категория',
  price: 'Цена, ₽',
  oldPrice: 'Старая цена, ₽',
  /** One column per branch follows the old price: «Остаток: <branch>». */
  branchPrefix: 'Остаток: ',
  total: 'Остаток всего',
  url: 'Ссылка',
} as const;

/** The Yandex Market feed (YML) is an XML file. */
export const ymlFeedResponse = z.string();
