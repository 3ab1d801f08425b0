'use client';

import { COOKIE_NAMES, type BranchRegion } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { browserApi } from '@/lib/api/browser';
import { writeCookie } from '@/lib/browser-cookies';
import BranchMap from './branch-map';
import { filterRegions, findBranch, findCity, groupRegions } from './region-filter';
import styles from './city-picker.module.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; regions: BranchRegion[] };

/** SPEC §2 modal 1: city and branch picker with a map. Mounted only while open. */
export default function CityPicker() {
  return (
    <QueryIsland>
      <Picker />
    </QueryIsland>
  );
}

function Picker() {
  const { session, closeModal } = useShell();
  const router = useRouter();
  const regions = useQuery({
    queryKey: ['regions'],
    queryFn: async ({ signal }) => {
      const result = await browserApi('regions', { signal });
      if (!result.ok) throw new Error('regions failed');
      return result.data;
    },
  });
  // A retry after a failure shows the loading state again.
  const load: Load = regions.data
    ? { state: 'ready', regions: regions.data }
    : regions.isError && !regions.isFetching
      ? { state: 'error' }
      : { state: 'loading' };
  const [query, setQuery] = useState('');
  const [citySlug, setCitySlug] = useState<string | null>(session.citySlug);
  const [branchId, setBranchId] = useState<number | null>(session.branchId);
  const [pending, startTransition] = useTransition();

  // SPEC §4: opening the picker sets the city-changed-once flag.
  useEffect(() => {
    writeCookie(COOKIE_NAMES.firstChageCity, 'true');
  }, []);

  const groups = useMemo(() => (regions.data ? groupRegions(regions.data) : []), [regions.data]);
  const visible = useMemo(() => filterRegions(groups, query), [groups, query]);
  const selectedCity = findCity(groups, citySlug);
  const selected = findBranch(groups, branchId);
  // The map shows the selected city, or the one city the search has narrowed the list to («Питер»).
  const onlyCity =
    query.trim() && visible.length === 1 && visible[0]!.cities.length === 1 ? visible[0]!.cities[0]! : null;
  const mapCity = onlyCity ?? selectedCity;
  const mapBranches = useMemo(() => mapCity?.branches ?? [], [mapCity]);

  const choose = (slug: string, id: number) => {
    setCitySlug(slug);
    setBranchId(id);
  };

  const confirm = () => {
    if (!selected) return;
    // SPEC §4: branch id and city slug go to state and 30-day cookies; the field is reset.
    writeCookie(COOKIE_NAMES.selectedCity, selected.city.slug);
    writeCookie(COOKIE_NAMES.selectedBranchId, String(selected.branch.id));
    setQuery('');
    // Catalogue, cart and prices depend on the city: the server re-renders the page with the new cookies.
    startTransition(() => {
      router.refresh();
      closeModal();
    });
  };

  return (
    <Modal
      open
      onClose={closeModal}
      title="ВЫБОР ГОРОДА"
      size="xl"
      fullScreenOnMobile
      name="city-picker"
      closeDisabled={pending}
    >
      <div className={styles.layout}>
        <div className={styles.side}>
          <TextField
            label="Введите город"
            hideLabel
            placeholder="Введите город"
            value={query}
            onValueChange={setQuery}
            clearable
            // Text, not search: a search input adds the browser's own clear button beside ours.
            type="text"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            data-autofocus=""
          />
          <div className={styles.list} aria-live="polite">
            {load.state === 'loading' ? (
              <div className={styles.skeletons} role="status">
                <span className="visually-hidden">Загрузка списка городов…</span>
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} height={52} />
                ))}
              </div>
            ) : load.state === 'error' ? (
              <div className={styles.empty}>
                <p>Не удалось загрузить список городов.</p>
                <Button variant="secondary" size="sm" onClick={() => void regions.refetch()}>
                  Повторить
                </Button>
              </div>
            ) : visible.length === 0 ? (
              <p className={styles.empty}>Ничего не найдено. Проверьте название города.</p>
            ) : (
              visible.map((region) => (
                <section key={region.slug} className={styles.region} aria-label={region.title}>
                  <h3 className={styles.regionTitle}>{region.title}</h3>
                  {region.cities.map((city) => (
                    <div key={city.slug} className={styles.city}>
                      {city.title !== region.title ? <p className={styles.cityTitle}>{city.title}</p> : null}
                      <ul role="list" className={styles.branches}>
                        {city.branches.map((branch) => {
                          const isSelected = branch.id === branchId;
                          return (
                            <li key={branch.id}>
                              <button
                                type="button"
                                className={styles.branch}
                                aria-pressed={isSelected}
                                data-branch-id={branch.id}
                                data-city={city.slug}
                                onClick={() => choose(city.slug, branch.id)}
                              >
                                <span className={styles.branchTitle}>{branch.title}</span>
                                <span className={styles.branchStreet}>{branch.street}</span>
                              </button>
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  ))}
                </section>
              ))
            )}
          </div>
        </div>
        <div className={styles.mapColumn}>
          <BranchMap
            branches={mapBranches}
            selectedId={branchId}
            onSelect={(id) => {
              const found = findBranch(groups, id);
              if (found) choose(found.city.slug, id);
            }}
            tileUrl={session.mapTileUrl}
            attribution={session.mapAttribution}
          />
          <div className={styles.confirmRow}>
            <p className={styles.address} data-branch-address="">
              {selected ? (
                <>
                  Адрес филиала: {selected.city.title}, {selected.branch.street}
                  {selected.branch.work_time ? (
                    <span className={styles.hours}>{selected.branch.work_time}</span>
                  ) : null}
                </>
              ) : (
                'Выберите филиал в списке или на карте'
              )}
            </p>
            <Button onClick={confirm} disabled={!selected} loading={pending} data-confirm-city="">
              Подтвердить
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
