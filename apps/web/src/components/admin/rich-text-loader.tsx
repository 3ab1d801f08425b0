'use client';

import dynamic from 'next/dynamic';
import styles from './rich-text-editor.module.css';

/** The rich-text editor, loaded on first use only (Tiptap stays out of every other screen's JavaScript). */
export const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => <div className={styles.editorLoading}>Загрузка редактора…</div>,
});
