import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@mdis/shared';

/**
 * The facet search (app config useFacetSearch, spec 2 §3): the programs and expeditions the user
 * works on, chosen once in the top bar for the whole app and kept in the `facetSearch` cookie.
 */
export interface FacetSearch {
  program: number[];
  expedition: number[];
}

export type FacetKey = keyof FacetSearch;
export const FACET_KEYS: readonly FacetKey[] = ['program', 'expedition'];
export const NO_FACET: FacetSearch = { program: [], expedition: [] };

const COOKIE = STORAGE_KEYS.facetSearch;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function ids(value: unknown): number[] {
  return [value].flat().filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
}

/** A facet from anything (a damaged cookie, a server answer): bad parts read as empty. */
export function toFacetSearch(value: unknown): FacetSearch {
  if (typeof value !== 'object' || value === null) return NO_FACET;
  const raw = value as Record<string, unknown>;
  return { program: ids(raw.program), expedition: ids(raw.expedition) };
}

let cachedText: string | null = null;
let cachedFacet: FacetSearch = NO_FACET;

/** The facet in the cookie; the same object while the cookie is unchanged (for useSyncExternalStore). */
export function readFacetSearch(): FacetSearch {
  if (typeof document === 'undefined') return NO_FACET;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  const text = entry ? entry.slice(COOKIE.length + 1) : '';
  if (text === cachedText) return cachedFacet;
  cachedText = text;
  try {
    cachedFacet = text ? toFacetSearch(JSON.parse(decodeURIComponent(text))) : NO_FACET;
  } catch {
    cachedFacet = NO_FACET;
  }
  return cachedFacet;
}

export function writeFacetSearch(facet: FacetSearch): void {
  const text = encodeURIComponent(JSON.stringify(facet));
  document.cookie = `${COOKIE}=${text}; path=/; max-age=${String(ONE_YEAR_SECONDS)}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current facet, re-rendering its users when the picker changes it. */
export function useFacetSearch(): FacetSearch {
  return useSyncExternalStore(subscribe, readFacetSearch, () => NO_FACET);
}

/**
 * The facet as the initial filter of a form: each facet the form filters by, when exactly one
 * id of it is chosen (a filter-bar select holds one value).
 */
export function facetFilterFor(filterKeys: readonly string[], facet: FacetSearch): Record<string, number> {
  const filter: Record<string, number> = {};
  for (const key of FACET_KEYS) {
    const chosen = facet[key];
    if (chosen.length === 1 && filterKeys.includes(key)) filter[key] = chosen[0];
  }
  return filter;
}

/**
 * Whether a form with these `facetValues` is offered under the facet: a form without them always
 * is; otherwise each facet the user has narrowed must share an id with the form's list.
 */
export function matchesFacet(facetValues: Partial<Record<FacetKey, unknown>> | undefined, facet: FacetSearch): boolean {
  if (!facetValues) return true;
  return FACET_KEYS.every((key) => {
    const formIds = ids(facetValues[key]);
    if (formIds.length === 0 || facet[key].length === 0) return true;
    return facet[key].some((id) => formIds.includes(id));
  });
}
