import type { ReactNode } from 'react';
import { divIcon } from 'leaflet';
import { CircleMarker, Marker, Tooltip } from 'react-leaflet';
import Box from '@mui/material/Box';
import type { MapPoint } from './mapPoints';

// One look per kind, used by the markers and the legend alike: sites are orange squares, holes blue
// circles, so they differ in shape as well as colour (readable without colour vision).
export const MARKER_LOOK = {
  site: { label: 'Site', plural: 'Sites', color: '#E65100', size: 14 },
  hole: { label: 'Hole', plural: 'Holes', color: '#01579B', size: 12 },
} as const;

const siteIcon = divIcon({
  className: 'mdis-map-site',
  iconSize: [MARKER_LOOK.site.size, MARKER_LOOK.site.size],
  html: `<span style="display:block;width:100%;height:100%;background:${MARKER_LOOK.site.color}b3;border:2px solid ${MARKER_LOOK.site.color};box-sizing:border-box"></span>`,
});

function PointTooltip({ point }: { point: MapPoint }) {
  return (
    <Tooltip>
      <strong>{MARKER_LOOK[point.kind].label}</strong>
      {point.tooltip.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Tooltip>
  );
}

/** A site (square) or hole (circle) marker with its tooltip. */
export function PointMarker({ point }: { point: MapPoint }) {
  if (point.kind === 'site') {
    return (
      <Marker position={[point.lat, point.lng]} icon={siteIcon} title={`Site ${String(point.id)}`}>
        <PointTooltip point={point} />
      </Marker>
    );
  }
  const { color, size } = MARKER_LOOK.hole;
  return (
    <CircleMarker
      center={[point.lat, point.lng]}
      radius={size / 2}
      pathOptions={{ color, fillColor: color, fillOpacity: 0.7 }}
    >
      <PointTooltip point={point} />
    </CircleMarker>
  );
}

function Swatch({ kind }: { kind: MapPoint['kind'] }) {
  const { color, size } = MARKER_LOOK[kind];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        bgcolor: `${color}b3`,
        border: `2px solid ${color}`,
        borderRadius: kind === 'hole' ? '50%' : 0,
        boxSizing: 'border-box',
      }}
    />
  );
}

/** What the marker shapes mean, with the count of each kind shown. */
export function MapLegend({ counts }: { counts: Record<MapPoint['kind'], number> }): ReactNode {
  return (
    <Box
      component="ul"
      aria-label="map legend"
      sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0, typography: 'caption' }}
    >
      {(['site', 'hole'] as const).map((kind) => (
        <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Swatch kind={kind} />
          {MARKER_LOOK[kind].plural} ({counts[kind]})
        </Box>
      ))}
    </Box>
  );
}
