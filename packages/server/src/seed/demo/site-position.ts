/** A WGS84 position in decimal degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

/** Degrees between neighbouring sites near the centre (~2 km); the spiral grows with the square root. */
const SITE_SPACING_DEG = 0.02;
/** Holes lie within this many degrees of their site (~200 m): one drill pad. */
export const HOLE_SCATTER_DEG = 0.002;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const wrapLongitude = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;

function clampedPosition(latitude: number, longitude: number): Position {
  return { latitude: round6(Math.max(-90, Math.min(90, latitude))), longitude: round6(wrapLongitude(longitude)) };
}

/**
 * Site `site` (1, 2, ...) of a drilling area: site 1 at its centre, the next ones on a sunflower
 * spiral, so sites never overlap however many there are. Pure arithmetic: it draws nothing from
 * the generator's random stream, which keeps every other demo value as it was.
 */
export function sitePosition(centre: Position, site: number): Position {
  const radius = SITE_SPACING_DEG * Math.sqrt(site - 1);
  const angle = (site - 1) * GOLDEN_ANGLE;
  // A degree of longitude shrinks towards the poles: stretch it so the spiral stays round on the map.
  const stretch = 1 / Math.max(Math.cos((centre.latitude * Math.PI) / 180), 0.1);
  return clampedPosition(
    centre.latitude + radius * Math.sin(angle),
    centre.longitude + radius * Math.cos(angle) * stretch,
  );
}

/** A hole near its site; `u` and `v` are uniform in [0, 1). */
export function holePosition(site: Position, u: number, v: number): Position {
  return clampedPosition(
    site.latitude + (u - 0.5) * 2 * HOLE_SCATTER_DEG,
    site.longitude + (v - 0.5) * 2 * HOLE_SCATTER_DEG,
  );
}
