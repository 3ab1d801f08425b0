'use client';

import { useState } from 'react';
import { WrenchIcon } from '@/components/ui/icons';
import styles from './product.module.css';

/** Main image with thumbnails; the first image is the page's LCP element and loads with high priority. */
export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index];
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        <span className={styles.imagePlaceholder} aria-hidden="true">
          <WrenchIcon size={64} />
        </span>
        {current ? (
          <img
            key={current}
            src={current}
            alt={images.length > 1 ? `${title} — фото ${index + 1} из ${images.length}` : title}
            width={560}
            height={560}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} role="list" aria-label="Фотографии товара">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={`${styles.thumb} ${i === index ? styles.thumbActive : ''}`}
                aria-label={`Фото ${i + 1}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
