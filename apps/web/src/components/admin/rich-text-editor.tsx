'use client';

import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import styles from './rich-text-editor.module.css';

// The back office's rich-text editor (Tiptap): product descriptions and installation notes, info pages. Its HTML
// holds only what the toolbar makes (headings, bold, italic, lists, quotes, links); the API sanitises it again with
// the contract's allow-list whatever a browser sends. Loaded only on the screens that edit text, with next/dynamic
// (`RichTextEditor` of rich-text-loader.tsx), so no other screen carries Tiptap.

const BUTTONS = [
  { label: 'Ж', title: 'Жирный', mark: 'bold', run: (c: ChainLike) => c.toggleBold() },
  { label: 'К', title: 'Курсив', mark: 'italic', run: (c: ChainLike) => c.toggleItalic() },
  {
    label: 'З2',
    title: 'Заголовок',
    mark: 'heading',
    attrs: { level: 2 },
    run: (c: ChainLike) => c.toggleHeading({ level: 2 }),
  },
  {
    label: '•',
    title: 'Маркированный список',
    mark: 'bulletList',
    run: (c: ChainLike) => c.toggleBulletList(),
  },
  {
    label: '1.',
    title: 'Нумерованный список',
    mark: 'orderedList',
    run: (c: ChainLike) => c.toggleOrderedList(),
  },
  { label: '❝', title: 'Цитата', mark: 'blockquote', run: (c: ChainLike) => c.toggleBlockquote() },
] as const;

type ChainLike = ReturnType<NonNullable<ReturnType<typeof useEditor>>['chain']>;

export default function RichTextEditor({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: styles.editorBody!,
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        id,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(
        BUTTONS.map((b) => [b.title, e ? e.isActive(b.mark, 'attrs' in b ? b.attrs : undefined) : false]),
      ),
  });

  // A fresh load of the product (after a conflict) replaces the text.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !editor.isFocused)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={styles.editor}>
      <div className={styles.editorToolbar} role="toolbar" aria-label={`Оформление: ${label}`}>
        {BUTTONS.map((b) => (
          <button
            key={b.title}
            type="button"
            className={styles.editorButton}
            title={b.title}
            aria-label={b.title}
            aria-pressed={active?.[b.title] ?? false}
            disabled={!editor}
            onClick={() => editor && b.run(editor.chain().focus()).run()}
          >
            {b.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
