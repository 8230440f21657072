import type { ModelTemplate } from '@mdis/shared';
import type { BulkWriter, DemoRow } from './bulk-writer';
import type { DemoModel } from './demo-tables';
import { IGSN_REGISTRY } from './demo-tables';
import { type CombinedId, combinedIdOf, type IgsnIssuer, type IgsnScope } from './identifiers';
import type { Random } from './random';
import type { SelectValues } from './select-values';

/** What every row builder needs: randomness, list values, ids, identifiers and where rows go. */
export interface DemoContext {
  random: Random;
  values: SelectValues;
  writer: Pick<BulkWriter, 'push'>;
  /** The next id of a model (ids are explicit: 1, 2, … per table on the empty tables). */
  nextId(model: DemoModel): number;
  /** The row's combined_id as the CombinedId behavior computes it (see identifiers.ts). */
  combinedId(model: DemoModel, parent: CombinedId | undefined, row: DemoRow): CombinedId;
  /** The IGSN of a record (null for a model without one), registered in igsn_registry when saved there. */
  issueIgsn(model: DemoModel, id: number, scope: IgsnScope): string | null;
}

export interface DemoContextOptions {
  models: ReadonlyMap<string, ModelTemplate>;
  igsn: IgsnIssuer;
  /** Write igsn_registry rows (the table exists and igsn.save-to-database is on). */
  registry: boolean;
  issuedAt: string;
}

export function createDemoContext(
  random: Random,
  values: SelectValues,
  writer: Pick<BulkWriter, 'push'>,
  options: DemoContextOptions,
): DemoContext {
  const ids = new Map<DemoModel, number>();
  const template = (model: DemoModel) => {
    const found = options.models.get(model);
    if (!found) throw new Error(`The drilling model ${model} is not stored: seed the drilling model first.`);
    return found;
  };
  return {
    random,
    values,
    writer,
    nextId: (model) => {
      const id = (ids.get(model) ?? 0) + 1;
      ids.set(model, id);
      return id;
    },
    combinedId: (model, parent, row) => combinedIdOf(template(model), parent, row),
    issueIgsn: (model, id, scope) => {
      const igsn = options.igsn.issue(template(model), id, scope);
      if (igsn !== null && options.registry)
        writer.push(IGSN_REGISTRY, { igsn, data_model: model, model_id: id, created_at: options.issuedAt });
      return igsn;
    },
  };
}

const DAY_MS = 86_400_000;

/** A date as the records API stores it: YYYY-MM-DD (UTC). */
export const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A datetime as the records API stores it: YYYY-MM-DD HH:mm:ss (UTC). */
export const formatDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
export const addDays = (ms: number, days: number) => ms + days * DAY_MS;
/** Centimetres (integers, so sums are exact) as metres with 2 decimals. */
export const metres = (cm: number) => cm / 100;
