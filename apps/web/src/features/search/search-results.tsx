'use client';

import { MESSAGES, type SearchResponse } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { FitBadge } from '@/components/catalog/fit-badge';
import { CarIcon, WrenchIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { searchPageHref } from './search-href';
import { searchDelay, searchSections, searchTerm, type SearchOption } from './search-options';
import styles from './search.module.css';

// The dropdown of the header search (SPEC §2): loaded with its code on first use. The trimmed value goes to
// the API 500 ms after typing stops; TanStack Query drops (aborts) the answer of an older value.

export type SearchKeyHandler = (event: KeyboardEvent<HTMLInputElement>) => boolean;

type Props = {
  value: string;
  listboxId: string;
  /** The input forwards its arrow and Enter keys here. */
  keysRef: RefObject<SearchKeyHandler | null>;
  onActiveChange: (optionId: string | null) => void;
  onListboxChange: (shown: boolean) => void;
  onPick: (option: SearchOption) => void;
  /** Opens the results page of the value (all matches, with filters and sorting). */
  onShowAll: () => void;
};

export default function SearchResults(props: Props) {
  return (
    <QueryIsland>
      <Results {...props} />
    </QueryIsland>
  );
}

/** The term once typing has paused for its delay; '' until then. */
function useSettled(term: string, ready: boolean): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setSettled(term), searchDelay(term));
    return () => clearTimeout(timer);
  }, [term, ready]);
  return settled;
}

function Results({ value, listboxId, keysRef, onActiveChange, onListboxChange, onPick, onShowAll }: Props) {
  const { term, state } = searchTerm(value);
  const [active, setActive] = useState<{ term: string; index: number }>({ term: '', index: -1 });
  // Parts that fit the chosen vehicle (or every vehicle) rank first; the rest are still found by article.
  const transportId = useShell().session.transportId;

  const settled = useSettled(term, state === 'ready');
  const search = useQuery({
    queryKey: ['search', settled, transportId],
    queryFn: async ({ signal }): Promise<SearchResponse> => {
      const r = await browserApi('search', {
        query: { query: settled, transport: transportId ?? undefined },
        signal,
      });
      if (!r.ok) throw new Error('search failed');
      return r.data;
    },
    enabled: state === 'ready' && settled === term,
  });

  const fresh = state === 'ready' && settled === term;
  const failed = search.isError;
  const data = search.data;
  const current = useMemo(
    () =>
      !fresh
        ? null
        : failed
          ? ({ state: 'error' } as const)
          : data
            ? ({ state: 'ready', data } as const)
            : null,
    [fresh, failed, data],
  );
  const sections = useMemo(
    () => (current?.state === 'ready' ? searchSections(current.data, listboxId) : []),
    [current, listboxId],
  );
  const options = useMemo(() => sections.flatMap((s) => s.options), [sections]);
  const activeIndex = active.term === term && active.index < options.length ? active.index : -1;
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;

  useEffect(() => {
    onActiveChange(activeOption?.id ?? null);
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption, onActiveChange]);

  useEffect(() => {
    onListboxChange(options.length > 0);
  }, [options.length, onListboxChange]);

  useEffect(
    () => () => {
      onListboxChange(false);
      onActiveChange(null);
    },
    [onListboxChange, onActiveChange],
  );

  useEffect(() => {
    keysRef.current = (event) => {
      if (options.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const next =
          activeIndex < 0
            ? step > 0
              ? 0
              : options.length - 1
            : (activeIndex + step + options.length) % options.length;
        setActive({ term, index: next });
        return true;
      }
      if (event.key === 'Enter') {
        // Enter opens the highlighted result; without one the form is submitted: the results page.
        if (!activeOption) return false;
        onPick(activeOption);
        return true;
      }
      return false;
    };
    return () => {
      keysRef.current = null;
    };
  }, [keysRef, options, activeIndex, activeOption, term, onPick]);

  let message: string | null = null;
  if (state === 'short') message = MESSAGES.searchMinLength;
  else if (!current) message = MESSAGES.loading;
  else if (current.state === 'error') message = 'Не удалось выполнить поиск. Попробуйте ещё раз.';
  else if (options.length === 0) message = MESSAGES.searchNothingFound;

  return (
    <div className={styles.dropdown} data-search-dropdown="">
      <p className={message ? styles.message : 'visually-hidden'} role="status" data-search-status="">
        {message ?? `Найдено: ${options.length}`}
      </p>
      {current?.state === 'ready' && current.data.corrected_query ? (
        <p className={styles.corrected} data-search-corrected="">
          Показаны результаты по запросу «{current.data.corrected_query}»
        </p>
      ) : null}
      {options.length > 0 ? (
        <div id={listboxId} role="listbox" aria-label="Результаты поиска" className={styles.listbox}>
          {sections.map((section) => (
            <div
              key={section.kind}
              role="group"
              aria-labelledby={`${listboxId}-${section.kind}`}
              data-search-section={section.kind}
            >
              <div
                id={`${listboxId}-${section.kind}`}
                className={section.kind === 'vehicle' ? styles.offerTitle : styles.sectionTitle}
                data-search-vehicle-offer={section.kind === 'vehicle' ? '' : undefined}
              >
                {section.title}
              </div>
              {section.options.map((option) => {
                const index = options.indexOf(option);
                return (
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={`${styles.option} ${styles[section.kind]}`}
                    data-search-option={section.kind}
                    data-href={option.href}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => {
                      if (index !== activeIndex) setActive({ term, index });
                    }}
                    onClick={() => onPick(option)}
                  >
                    <OptionContent option={option} />
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      ) : null}
      {options.length > 0 ? (
        <a
          href={searchPageHref(term)}
          className={styles.showAll}
          data-search-all=""
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.preventDefault();
            onShowAll();
          }}
        >
          Все результаты поиска
        </a>
      ) : null}
    </div>
  );
}

function OptionContent({ option }: { option: SearchOption }) {
  if (option.kind === 'transport' || option.kind === 'vehicle') {
    return (
      <>
        <span className={styles.icon} aria-hidden="true">
          <CarIcon size={20} />
        </span>
        <span className={styles.text}>
          <span className={styles.title}>{option.title}</span>
          <span className={styles.note}>
            {option.kind === 'vehicle' ? 'Выбрать и показать подходящие товары' : 'Выбрать этот транспорт'}
          </span>
        </span>
      </>
    );
  }
  const image = option.image && option.image.startsWith('/') ? option.image : null;
  const big = option.kind === 'products';
  return (
    <>
      {image ? (
        <img
          src={image}
          alt=""
          width={big ? 70 : 40}
          height={big ? 70 : 40}
          className={big ? styles.image : styles.smallImage}
          loading="lazy"
        />
      ) : (
        <span className={big ? styles.noImage : styles.smallNoImage} aria-hidden="true">
          <WrenchIcon size={big ? 28 : 18} />
        </span>
      )}
      <span className={styles.text}>
        <span className={styles.title}>{option.title}</span>
        {option.note ? <span className={styles.note}>Артикул: {option.note}</span> : null}
        {option.price ? <span className={styles.price}>{option.price}</span> : null}
        <FitBadge fit={option.fit} form="short" />
      </span>
    </>
  );
}
