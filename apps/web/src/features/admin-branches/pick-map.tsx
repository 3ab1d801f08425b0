'use client';

import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import styles from './branches.module.css';

/**
 * The branch's point on the map: a click or a dragged marker gives new coordinates. Leaflet is loaded only on this
 * screen. Tiles are decoration: the marker and the coordinates work without them (offline).
 */
export default function PickMap({
  latitude,
  longitude,
  onPick,
  tileUrl,
  attribution,
}: {
  latitude: number;
  longitude: number;
  onPick: (latitude: number, longitude: number) => void;
  tileUrl: string;
  attribution: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<{ map: Leaflet.Map; marker: Leaflet.Marker } | null>(null);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const start = useRef<[number, number]>([latitude, longitude]);

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    void import('leaflet').then((mod) => {
      const L =
        (mod as unknown as { default?: typeof Leaflet }).default ?? (mod as unknown as typeof Leaflet);
      if (cancelled || !containerRef.current) return;
      map = L.map(containerRef.current, { center: start.current, zoom: 15 });
      map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
      L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
      const marker = L.marker(start.current, {
        draggable: true,
        keyboard: false,
        icon: L.divIcon({
          className: 'admin-pin',
          html: '<span></span>',
          iconSize: [28, 34],
          iconAnchor: [14, 34],
        }),
      }).addTo(map);
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        onPickRef.current(at.lat, at.lng);
      });
      map.on('click', (event: Leaflet.LeafletMouseEvent) => {
        marker.setLatLng(event.latlng);
        onPickRef.current(event.latlng.lat, event.latlng.lng);
      });
      setLeaflet({ map, marker });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tileUrl, attribution]);

  // Coordinates typed into the form move the marker (and the view, when the point leaves it).
  useEffect(() => {
    if (!leaflet || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return;
    leaflet.marker.setLatLng([latitude, longitude]);
    if (!leaflet.map.getBounds().contains([latitude, longitude])) leaflet.map.panTo([latitude, longitude]);
  }, [leaflet, latitude, longitude]);

  return (
    <div
      ref={containerRef}
      className={styles.map}
      role="application"
      aria-label="Карта: щёлкните, чтобы поставить филиал в эту точку, или перетащите метку"
      data-pick-map=""
    />
  );
}
