import { API_ROUTES, PRODUCT_EXPORT_FORMATS, type ProductExportFormat } from '@podbor/contract';
import { buttonClass } from '@/components/ui/button';
import styles from './product-export.module.css';

const LABELS: Record<ProductExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };

/** Export address of the list as filtered now (the whole result, not the page). */
export function productExportHref(format: ProductExportFormat, q: string): string {
  const params = new URLSearchParams({ format });
  if (q) params.set('q', q);
  return `${API_ROUTES.adminProductExport.path}?${params.toString()}`;
}

/**
 * «Выгрузить»: the products the list shows, with the current search, as CSV (opens in Russian Excel) or XLSX. Plain
 * links: the browser saves the streamed file itself (the session cookie rides along through the /api proxy).
 */
export function ProductExport({ q }: { q: string }) {
  return (
    <div className={styles.export} role="group" aria-labelledby="product-export-title">
      <span id="product-export-title" className={styles.title}>
        Выгрузить
      </span>
      <div className={styles.buttons}>
        {PRODUCT_EXPORT_FORMATS.map((format) => (
          <a
            key={format}
            className={buttonClass('secondary', 'md')}
            href={productExportHref(format, q)}
            download
            aria-label={`Выгрузить товары${q ? ' по поиску' : ''} в ${LABELS[format]}`}
            data-export={format}
          >
            {LABELS[format]}
          </a>
        ))}
      </div>
    </div>
  );
}
