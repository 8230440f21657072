import { describe, expect, it } from 'vitest';
import { OSM_ATTRIBUTION, mapTiles, positionOf, tilesUrl, toMapPoints } from './mapPoints';

describe('map points', () => {
  it('reads latitude_dec/longitude_dec, or latitude/longitude', () => {
    expect(positionOf({ latitude_dec: 52.38, longitude_dec: 13.06 })).toEqual({ lat: 52.38, lng: 13.06 });
    expect(positionOf({ latitude: '-12.5', longitude: 130 })).toEqual({ lat: -12.5, lng: 130 });
  });

  it.each([
    { latitude_dec: 52 },
    { latitude_dec: null, longitude_dec: 3 },
    { latitude: '', longitude: '' },
    { latitude: 95, longitude: 0 },
  ])('draws no record without both coordinates: %j', (record) => {
    expect(positionOf(record)).toBeUndefined();
  });

  it('keeps only records with coordinates and puts the tooltip columns that have a value', () => {
    const points = toMapPoints(
      [
        { id: 1, latitude_dec: 1, longitude_dec: 2, site: '1', site_name: 'Lake', comment: null },
        { id: 2, site: '2' },
      ],
      'site',
      ['site', 'site_name', 'comment'],
    );
    expect(points).toEqual([{ id: 1, kind: 'site', lat: 1, lng: 2, tooltip: ['site: 1', 'site_name: Lake'] }]);
  });

  it('builds the tiles URL from the base; none means the offline map', () => {
    expect(tilesUrl('https://tile.openstreetmap.org')).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(tilesUrl('  ')).toBeUndefined();
  });
});

describe('mapTiles', () => {
  it("takes the widget's tiles, else the application's (OpenStreetMap with its attribution)", () => {
    expect(mapTiles('', 'https://tile.openstreetmap.org')).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: OSM_ATTRIBUTION,
    });
    expect(mapTiles('https://tiles.example.org/base', 'https://tile.openstreetmap.org')).toEqual({
      url: 'https://tiles.example.org/base/{z}/{x}/{y}.png',
      attribution: 'Map tiles: tiles.example.org',
    });
    expect(mapTiles(' ', '')).toBeUndefined();
  });

  it('escapes a host before Leaflet shows it as HTML', () => {
    expect(mapTiles('https://<img>', '')?.attribution).toBe('Map tiles: &#60;img&#62;');
  });
});
