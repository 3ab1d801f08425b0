'use client';

import { SEARCH_MAX_LENGTH } from '@podbor/contract/constants';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, useTransition } from 'react';
import { isSearchableQuery } from '@podbor/contract/search';
import { SearchIcon } from '@/components/ui/icons';
import { searchPageHref } from './search-href';
import type { SearchKeyHandler } from './search-results';
import type { SearchOption } from './search-options';
import styles from './search.module.css';

// The header search field (SPEC §2) as an ARIA 1.2 combobox. The field itself is light; the dropdown with
// the API client arrives the first time the visitor focuses or types.
const SearchResults = dynamic(() => import('./search-results'), { ssr: false });

export function SearchBox({
  className,
  inputClassName,
  iconClassName,
}: {
  className?: string;
  inputClassName?: string;
  iconClassName?: string;
}) {
  const router = useRouter();
  const listboxId = `${useId()}search-results`;
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [listbox, setListbox] = useState(false);
  const [, startTransition] = useTransition();
  const keysRef = useRef<SearchKeyHandler | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = open && value.trim() !== '';

  // A click or tap outside the field and its dropdown closes the dropdown.
  useEffect(() => {
    if (!shown) return;
    const onDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [shown]);

  const onPick = useCallback(
    (option: SearchOption) => {
      setOpen(false);
      inputRef.current?.blur();
      startTransition(() => {
        router.push(option.href);
        // Choosing a vehicle changes the whole frame (header, counts, cart): proxy.ts stores it from the address,
        // then the layout renders again for it.
        if (option.transportId) router.refresh();
      });
    },
    [router],
  );

  // Enter (or the phone keyboard's search key) without a highlighted result, and the dropdown's "all results"
  // link: the results page, with the catalogue's filters and sorting.
  const showAll = useCallback(() => {
    const term = inputRef.current?.value.trim() ?? '';
    if (!isSearchableQuery(term)) return;
    setOpen(false);
    inputRef.current?.blur();
    startTransition(() => router.push(searchPageHref(term)));
  }, [router]);

  const expanded = shown && listbox;

  return (
    <form
      ref={formRef}
      role="search"
      action="/search"
      className={`${styles.form} ${className ?? ''}`}
      data-search=""
      onSubmit={(event) => {
        event.preventDefault();
        showAll();
      }}
    >
      <label htmlFor="header-search" className="visually-hidden">
        Поиск по каталогу
      </label>
      <SearchIcon size={20} className={iconClassName} />
      <input
        ref={inputRef}
        id="header-search"
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={expanded && activeId ? activeId : undefined}
        placeholder="Поиск по названию, артикулу или автомобилю"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        className={inputClassName}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onPointerEnter={() => void import('./search-results')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            if (shown) {
              event.preventDefault();
              setOpen(false);
            } else if (value) {
              event.preventDefault();
              setValue('');
            }
            return;
          }
          if (!shown) {
            if (event.key === 'ArrowDown' && value.trim()) {
              event.preventDefault();
              setOpen(true);
            }
            return;
          }
          if (keysRef.current?.(event)) event.preventDefault();
        }}
      />
      {shown ? (
        <SearchResults
          value={value}
          listboxId={listboxId}
          keysRef={keysRef}
          onActiveChange={setActiveId}
          onListboxChange={setListbox}
          onPick={onPick}
          onShowAll={showAll}
        />
      ) : null}
    </form>
  );
}
