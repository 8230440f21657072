import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapContainer, Polyline, TileLayer, useMap } from 'react-leaflet';
import { latLngBounds } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { api } from '../../../platform/api/apiClient';
import { errorMessage } from '../../../platform/api/ApiError';
import { useSessionContext } from '../../../platform/session/SessionContext';
import { MapLegend, PointMarker } from './mapMarkers';
import {
  MAP_DEFAULT_ZOOM,
  MAP_HEIGHT,
  MAP_RECORD_LIMIT,
  MAP_REFIT_DELAY_MS,
  mapTiles,
  toMapPoints,
  type MapPoint,
} from './mapPoints';
import { listSetting, numberSetting, textSetting } from './settingValues';
import type { WidgetProps } from './widgetTypes';

// Without tiles the map still shows where things are: a 30° graticule over a sea-coloured plane.
const GRATICULE: [number, number][][] = [
  ...[-60, -30, 0, 30, 60].map((lat): [number, number][] => [
    [lat, -180],
    [lat, 180],
  ]),
  ...[-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150].map((lng): [number, number][] => [
    [-85, lng],
    [85, lng],
  ]),
];

async function listRecords(model: string) {
  const answer = await api.get<{ items?: Record<string, unknown>[] }>('global', {
    name: model,
    'per-page': MAP_RECORD_LIMIT,
    sort: 'id',
  });
  return answer.items ?? [];
}

/**
 * Fits the view to every marker, and again a second after the markers arrive (the widget may still
 * be sizing). Without animation: Leaflet finishes an animated zoom from a 250 ms timer that
 * map.remove() does not cancel, so leaving the dashboard meanwhile threw "reading '_leaflet_pos'".
 */
function AutoFit({ points }: { points: readonly MapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return undefined;
    const fit = () => {
      map.invalidateSize();
      const bounds = latLngBounds(points.map((p) => [p.lat, p.lng]));
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 10, animate: false });
    };
    fit();
    const timer = setTimeout(fit, MAP_REFIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [map, points]);
  return null;
}

function usePoints(settings: Record<string, unknown>) {
  return useQuery({
    queryKey: ['user', 'dashboard', 'map-points', settings.sitesColumnInTooltip, settings.holesColumnInTooltip],
    queryFn: async () => {
      const [sites, holes] = await Promise.all([listRecords('ProjectSite'), listRecords('ProjectHole')]);
      return [
        ...toMapPoints(sites, 'site', listSetting(settings, 'sitesColumnInTooltip')),
        ...toMapPoints(holes, 'hole', listSetting(settings, 'holesColumnInTooltip')),
      ];
    },
  });
}

/** Sites and holes with coordinates on a Leaflet map, 400 px high (spec 2 §2). */
export function SitesAndHolesMapWidget({ widget }: WidgetProps) {
  const settings = widget.extraSettings;
  const { config } = useSessionContext();
  const points = usePoints(settings);
  const tiles = mapTiles(textSetting(settings, 'tilesBaseUrl'), config.MapTilesBaseUrl);
  // Tiles that do not load (offline, blocked) leave the graticule as the map.
  const [tilesState, setTilesState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const tilesFailed = tilesState === 'failed';
  const manual = textSetting(settings, 'mapInitType') === 'manual';
  const center: [number, number] = manual
    ? [numberSetting(settings, 'startLatitude', 0), numberSetting(settings, 'startLongitude', 0)]
    : [0, 0];
  const zoom = manual ? numberSetting(settings, 'startZoom', MAP_DEFAULT_ZOOM) : MAP_DEFAULT_ZOOM;
  const shown = points.data ?? [];
  const sites = shown.filter((p) => p.kind === 'site').length;
  const offline = !tiles || tilesFailed;
  return (
    <Box>
      <Box sx={{ height: MAP_HEIGHT, '& .leaflet-container': { height: '100%', bgcolor: '#cfe3ee' } }}>
        <MapContainer center={center} zoom={zoom} worldCopyJump aria-label="map of sites and holes">
          {tiles && (
            <TileLayer
              url={tiles.url}
              attribution={tiles.attribution}
              eventHandlers={{
                tileload: () => setTilesState('loaded'),
                tileerror: () => setTilesState((state) => (state === 'loaded' ? state : 'failed')),
              }}
            />
          )}
          {offline && (
            <Polyline positions={GRATICULE} interactive={false} pathOptions={{ color: '#8fb3c7', weight: 1 }} />
          )}
          {shown.map((point) => (
            <PointMarker key={`${point.kind}-${String(point.id)}`} point={point} />
          ))}
          {!manual && <AutoFit points={shown} />}
        </MapContainer>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'center', mt: 0.5 }}>
        <MapLegend counts={{ site: sites, hole: shown.length - sites }} />
        <Typography variant="caption" color="text.secondary" component="p" data-testid="map-status">
          {points.isError
            ? errorMessage(points.error)
            : `${String(sites)} sites, ${String(shown.length - sites)} holes with coordinates`}
          {!tiles && ' · Map tiles unavailable (offline map): set a tiles URL in the settings to show a base map.'}
          {tiles && tilesFailed && ' · Map tiles could not be loaded: showing the offline map.'}
        </Typography>
      </Box>
    </Box>
  );
}
