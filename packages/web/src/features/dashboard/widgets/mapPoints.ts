/** Spec 2 §9: up to 200 sites and 200 holes; default world zoom 2; refit after 1 s. */
export const MAP_RECORD_LIMIT = 200;
export const MAP_DEFAULT_ZOOM = 2;
export const MAP_REFIT_DELAY_MS = 1000;
export const MAP_HEIGHT = 400;

export interface MapPoint {
  id: number;
  kind: 'site' | 'hole';
  lat: number;
  lng: number;
  /** 'column: value' lines of the tooltip. */
  tooltip: string[];
}

const coordinate = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/**
 * The record's position: latitude_dec/longitude_dec (spec 2 §3); a model that names them
 * latitude/longitude (the seeded hole model) is read too. Records without both are not drawn.
 */
export function positionOf(record: Record<string, unknown>): { lat: number; lng: number } | undefined {
  const lat = coordinate(record.latitude_dec) ?? coordinate(record.latitude);
  const lng = coordinate(record.longitude_dec) ?? coordinate(record.longitude);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

export function toMapPoints(
  records: readonly Record<string, unknown>[],
  kind: MapPoint['kind'],
  tooltipColumns: readonly string[],
): MapPoint[] {
  return records.flatMap((record) => {
    const position = positionOf(record);
    if (!position) return [];
    const tooltip = tooltipColumns
      .filter((column) => record[column] !== undefined && record[column] !== null && record[column] !== '')
      .map((column) => `${column}: ${String(record[column])}`);
    return [{ id: Number(record.id), kind, ...position, tooltip }];
  });
}

/** '{base}/{z}/{x}/{y}.png' for a tiles base URL; undefined for none (the offline map). */
export function tilesUrl(base: string): string | undefined {
  const trimmed = base.trim();
  return trimmed === '' ? undefined : `${trimmed}/{z}/{x}/{y}.png`;
}

export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface MapTiles {
  url: string;
  attribution: string;
}

/**
 * The tiles a map draws: the widget's own base URL, else the application's (`MapTilesBaseUrl`,
 * OpenStreetMap's standard tiles by default); none when both are empty. OpenStreetMap's tiles carry
 * the attribution its tile usage policy requires; others name their host.
 */
export function mapTiles(widgetBase: string, appBase: string): MapTiles | undefined {
  const base = widgetBase.trim() || appBase.trim();
  const url = tilesUrl(base);
  if (!url) return undefined;
  const host = /^https?:\/\/([^/]+)/i.exec(base)?.[1] ?? base;
  // Leaflet shows the attribution as HTML: the host comes from a setting, so it is escaped.
  const escaped = host.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
  const attribution = /(^|\.)openstreetmap\.org$/i.test(host) ? OSM_ATTRIBUTION : `Map tiles: ${escaped}`;
  return { url, attribution };
}
