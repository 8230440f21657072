import { AppError } from '@mdis/shared';
import type { Row } from '../../../engine/records/dynamic-db';

/** The most samples one series creates: a split is a metre or two, sampled every few centimetres. */
export const MAX_SERIES_SAMPLES = 100;

export const SERIES_MESSAGES = {
  missing: 'Enter the sample length and the number of samples (the start top and interval are optional).',
  top: "'top' must be a number of 0 or more (cm from the top of the split).",
  length: "'length' must be a number greater than 0 (cm).",
  interval:
    "'interval' must be at least the sample length (cm from one sample's top to the next): samples may not overlap.",
  count: `'count' must be a whole number from 1 to ${String(MAX_SERIES_SAMPLES)}.`,
  beyondSplit: (bottom: number, length: number) =>
    `The series would end at ${String(bottom)} cm, beyond the split's curated length of ${String(length)} cm.`,
  notInSeries: 'This sample is not part of a sample series.',
} as const;

/** What the user enters: where the first sample starts, how long each is, the step, how many. */
export interface SeriesParams {
  top: number;
  length: number;
  interval: number;
  count: number;
  material: string | undefined;
}

function numberParam(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : NaN;
}

/** True when the request carries series parameters at all (the GET page then previews them). */
export function hasSeriesParams(extra: Readonly<Record<string, unknown>>): boolean {
  return ['length', 'count'].some((name) => numberParam(extra[name]) !== undefined);
}

/** The parameters from the query (GET preview) or the action's body (POST): 400 with the reason when invalid. */
export function parseSeriesParams(extra: Readonly<Record<string, unknown>>): SeriesParams {
  const length = numberParam(extra.length);
  const count = numberParam(extra.count);
  if (length === undefined || count === undefined) throw new AppError('BAD_REQUEST', SERIES_MESSAGES.missing);
  const top = numberParam(extra.top) ?? 0;
  const interval = numberParam(extra.interval) ?? length;
  if (!(top >= 0)) throw new AppError('BAD_REQUEST', SERIES_MESSAGES.top);
  if (!(length > 0)) throw new AppError('BAD_REQUEST', SERIES_MESSAGES.length);
  if (!(interval >= length)) throw new AppError('BAD_REQUEST', SERIES_MESSAGES.interval);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SERIES_SAMPLES) {
    throw new AppError('BAD_REQUEST', SERIES_MESSAGES.count);
  }
  const material =
    typeof extra.material === 'string' && extra.material.trim() !== '' ? extra.material.trim() : undefined;
  return { top, length, interval, count, material };
}

// Centimetres to 0.01: 0.1 + 0.2 must print as 0.3.
const cm = (value: number) => Math.round(value * 100) / 100;

/** The new samples' values, top down; refused when the last one would reach past the split's curated length. */
export function planSeries(split: Row, params: SeriesParams): Row[] {
  const samples = Array.from({ length: params.count }, (_, index) => ({
    section_split_id: split.id,
    top: cm(params.top + index * params.interval),
    sample_length: params.length,
    ...(params.material ? { sample_material: params.material } : {}),
  }));
  const bottom = cm(params.top + (params.count - 1) * params.interval + params.length);
  const curated = typeof split.curated_length === 'number' ? split.curated_length : Number(split.curated_length);
  if (Number.isFinite(curated) && curated > 0 && bottom > curated + 1e-9) {
    throw new AppError('BAD_REQUEST', SERIES_MESSAGES.beyondSplit(bottom, cm(curated)));
  }
  return samples;
}
