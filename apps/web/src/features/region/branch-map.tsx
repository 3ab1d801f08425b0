'use client';

import type { BranchOffice } from '@podbor/contract';
import { MAP_ANIMATION_MS, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@podbor/contract';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import './branch-map.css';
import { toLatLng } from './region-filter';
import styles from './city-picker.module.css';

export interface BranchMapProps {
  branches: readonly BranchOffice[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  tileUrl: string;
  attribution: string;
}

function icon(L: typeof Leaflet, selected: boolean) {
  return L.divIcon({
    className: `branch-marker${selected ? ' branch-marker--selected' : ''}`,
    html: '<span class="branch-marker__pin"></span>',
    iconSize: [28, 34],
    iconAnchor: [14, 34],
    tooltipAnchor: [0, -34],
  });
}

/**
 * SPEC §2 map: centre 55.75, 37.57, zoom 9, zoom control, one captioned marker per branch of the chosen city;
 * a marker click selects its branch. Leaflet itself is fetched when the picker first shows the map. Tiles are
 * decoration: markers, selection and zoom work without them (e.g. offline).
 */
export default function BranchMap({ branches, selectedId, onSelect, tileUrl, attribution }: BranchMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<{ L: typeof Leaflet; map: Leaflet.Map } | null>(null);
  const markersRef = useRef(new Map<number, Leaflet.Marker>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    void import('leaflet').then((mod) => {
      const L =
        (mod as unknown as { default?: typeof Leaflet }).default ?? (mod as unknown as typeof Leaflet);
      if (cancelled || !containerRef.current) return;
      map = L.map(containerRef.current, {
        center: [MAP_DEFAULT_CENTER[0], MAP_DEFAULT_CENTER[1]],
        zoom: MAP_DEFAULT_ZOOM,
        zoomControl: false,
      });
      L.control
        .zoom({ position: 'topright', zoomInTitle: 'Приблизить', zoomOutTitle: 'Отдалить' })
        .addTo(map);
      map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
      L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
      setLeaflet({ L, map });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tileUrl, attribution]);

  // Markers follow the branch list (the selected city).
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    const markers = markersRef.current;
    for (const marker of markers.values()) marker.remove();
    markers.clear();
    const points: [number, number][] = [];
    for (const branch of branches) {
      const at = toLatLng(branch);
      if (!at) continue;
      points.push(at);
      const marker = L.marker(at, {
        icon: icon(L, false),
        title: branch.title,
        keyboard: true,
        riseOnHover: true,
        autoPanOnFocus: false,
      })
        .bindTooltip(branch.title, { permanent: true, direction: 'top', className: 'branch-caption' })
        .on('click', () => onSelectRef.current(branch.id))
        .addTo(map);
      const el = marker.getElement();
      el?.setAttribute('aria-label', `Филиал ${branch.title}, ${branch.street}`);
      el?.setAttribute('data-branch-marker', String(branch.id));
      // role="button" promises Enter and Space; Leaflet itself only listens to the legacy keypress event.
      el?.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelectRef.current(branch.id);
        }
      });
      markers.set(branch.id, marker);
    }
    const duration = MAP_ANIMATION_MS / 1000;
    if (points.length === 1) map.flyTo(points[0]!, 13, { duration });
    else if (points.length > 1)
      map.flyToBounds(L.latLngBounds(points), { padding: [48, 48], maxZoom: 13, duration });
  }, [leaflet, branches]);

  useEffect(() => {
    if (!leaflet) return;
    for (const [id, marker] of markersRef.current) {
      const selected = id === selectedId;
      marker.setIcon(icon(leaflet.L, selected));
      marker.setZIndexOffset(selected ? 1000 : 0);
      const el = marker.getElement();
      el?.setAttribute('aria-pressed', String(selected));
    }
  }, [leaflet, selectedId, branches]);

  return (
    <div className={styles.mapBox}>
      <div
        ref={containerRef}
        className={styles.map}
        data-branch-map=""
        data-ready={leaflet ? 'true' : 'false'}
      />
      {!leaflet ? <div className={styles.mapLoading}>Загружаем карту…</div> : null}
    </div>
  );
}
