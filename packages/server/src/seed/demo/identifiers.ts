// Identifiers the demo rows carry, computed by the same rules the behaviors apply on a write
// through the API, so generated records look exactly like entered ones: combined ids from the
// drilling module's naming (reference §2.5), IGSNs by the shared IGSN methods and the configured
// settings (reference §2.6). Nothing here re-implements either rule.
import {
  type IgsnSettings,
  type ModelTemplate,
  drillingCombinedIdNaming,
  generateIgsn,
  isIgsnObjectTag,
  joinCombinedId,
  nameText,
  numberToLetters,
} from '@mdis/shared';
import type { DemoRow } from './bulk-writer';

/** A combined id; null while a part is missing (as the behavior leaves it). */
export type CombinedId = string | null;

/** Hole letters A..Z, then AA, AB, ... (the alphabet auto-increment). */
export function holeLetters(index: number): string {
  return numberToLetters(index + 1);
}

/**
 * combined_id of a row: the parent's combined id + '_' + the row's name (NAME column, padded as
 * the naming says); `parent` undefined for a model whose parent takes no part (expedition under
 * program). A model the naming does not cover gets none, exactly as through the API.
 */
export function combinedIdOf(model: ModelTemplate, parent: CombinedId | undefined, row: DemoRow): CombinedId {
  const naming = Object.hasOwn(model.columns, 'combined_id') ? drillingCombinedIdNaming(model) : undefined;
  if (!naming || !Object.hasOwn(model.columns, naming.nameColumn)) return null;
  return joinCombinedId(nameText(row[naming.nameColumn], naming.padding), parent);
}

/** The codes of the records above an IGSN-carrying record. */
export interface IgsnScope {
  program: string;
  expedition: string;
  site: string;
  hole: string;
}

export interface IgsnIssuer {
  /** A new IGSN for the record `id` of `model`; null when the model carries none. */
  issue(model: ModelTemplate, id: number, scope: IgsnScope): string | null;
}

/** The object tag a model's IGSNs carry: its igsn column's default letter (reference §2.6). */
export function igsnTagOf(model: ModelTemplate): string | undefined {
  const fallback = Object.hasOwn(model.columns, 'igsn') ? model.columns.igsn.defaultValue : undefined;
  return isIgsnObjectTag(fallback) ? fallback : undefined;
}

export function createIgsnIssuer(settings: IgsnSettings): IgsnIssuer {
  // fixed_prefix continues after the last IGSN issued with the prefix: the demo issues them in order.
  let lastIssued: string | undefined;
  return {
    issue(model, id, scope) {
      const tag = igsnTagOf(model);
      if (tag === undefined) return null;
      const igsn = generateIgsn(settings, { ...scope, tag, id, lastIssued });
      if (settings.method === 'fixed_prefix') lastIssued = igsn;
      return igsn;
    },
  };
}
