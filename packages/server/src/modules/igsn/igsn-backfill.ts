import {
  IgsnError,
  type IgsnSettings,
  type ModelTemplate,
  generateIgsn,
  isIgsnObjectTag,
  isValidIgsn,
  normalizeIgsn,
} from '@mdis/shared';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../infra/db/schema';
import { behaviorName } from '../../engine/behaviors/behavior-registry';
import { asDynamic, textOf } from '../../engine/records/dynamic-db';
import { parentColumnOf, type TemplateSource } from '../../engine/records/record-model';
import { ancestorValuesOfRecords, type ParentOf } from './igsn-ancestors';
import { IGSN_BEHAVIOR_NAME } from './igsn-behavior';
import {
  IGSN_BEHAVIOR_DEFAULTS,
  type IgsnBehaviorParameters,
  type IgsnDefaults,
  igsnParameters,
  wantedCodes,
} from './igsn-parameters';
import { createIgsnRegistry, type IgsnRegistryRow } from './igsn-registry.repository';
import { readIgsnSettings } from './igsn-settings';

/** What the back-fill did for one model. */
export interface IgsnBackfillResult {
  model: string;
  /** Pass 1: stored IGSNs that were not registered yet. */
  registered: number;
  /** Pass 2: records without an IGSN that got one (their registered one back, or a new one). */
  generated: number;
  /** What could not be done, one line each (`CoreCore 7: …`); the records stay as they were. */
  problems: string[];
}

export interface IgsnBackfillOptions {
  /** Records per query and per transaction. */
  pageSize?: number;
  /** The ancestors holding the codes: the same the domain module registered the behavior with. */
  defaults?: Partial<IgsnDefaults>;
}

const DEFAULT_PAGE_SIZE = 500;

interface Target {
  model: ModelTemplate;
  parameters: IgsnBehaviorParameters;
  result: IgsnBackfillResult;
}

function templateParents(templates: TemplateSource): ParentOf {
  return async (model) => {
    const parent = model.parentModel ? await templates.getModel(model.parentModel) : undefined;
    return parent && { child: model, parent, parentColumn: parentColumnOf(model, parent) };
  };
}

/** The models that get IGSNs, as the behavior decides it: listed with parameters, or automatic. */
function targetOf(model: ModelTemplate, defaults: IgsnDefaults): Target | undefined {
  const listed = model.behaviors.find((behavior) => behaviorName(behavior) === IGSN_BEHAVIOR_NAME);
  const parameters = igsnParameters(model, listed?.parameters ?? {}, defaults);
  if (!Object.hasOwn(model.columns, parameters.column) || !isIgsnObjectTag(parameters.tag)) return undefined;
  return { model, parameters, result: { model: model.fullName, registered: 0, generated: 0, problems: [] } };
}

/** The first IGSN registered for each record. */
function issuedByRecord(rows: readonly IgsnRegistryRow[]): Map<number, string> {
  const issued = new Map<number, string>();
  for (const row of rows) if (!issued.has(row.model_id)) issued.set(row.model_id, row.igsn);
  return issued;
}

/** One page of a model's records after `after`, by id, with their IGSN column and a condition on it. */
async function page(db: Db, target: Target, after: number, size: number, placeholders: boolean) {
  const column = sql.ref(target.parameters.column);
  const condition = placeholders
    ? sql<boolean>`(${column} IS NULL OR length(trim(${column})) <= 1)`
    : sql<boolean>`length(trim(${column})) > 1`;
  const rows = await asDynamic(db)
    .selectFrom(target.model.table)
    .select(['id', target.parameters.column])
    .where('id', '>', after)
    .where(condition)
    .orderBy('id')
    .limit(size)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), value: textOf(row[target.parameters.column]) }));
}

/** Pass 1: registers the IGSNs records already carry (entered, imported, or stored while saving was off). */
async function registerStored(db: Db, target: Target, size: number): Promise<void> {
  const { model, result } = target;
  const registry = createIgsnRegistry(db);
  const problem = (id: number, text: string) => result.problems.push(`${model.fullName} ${String(id)}: ${text}`);
  for (let after = 0; ;) {
    const rows = await page(db, target, after, size, false);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    const issued = issuedByRecord(
      await registry.ofRecords(
        model.fullName,
        rows.map((row) => row.id),
      ),
    );
    const valid = rows.flatMap(({ id, value }) => {
      if (isValidIgsn(value)) return [{ id, igsn: normalizeIgsn(value) }];
      problem(id, new IgsnError('NOT_VALID', value.trim()).message);
      return [];
    });
    const known = new Map((await registry.findMany(valid.map((v) => v.igsn))).map((row) => [row.igsn, row]));
    const fresh: IgsnRegistryRow[] = [];
    for (const { id, igsn } of valid) {
      const owner = known.get(igsn);
      const own = issued.get(id);
      if (owner && (owner.data_model !== model.fullName || owner.model_id !== id)) {
        problem(id, `${igsn} is registered for ${owner.data_model} ${String(owner.model_id)}.`);
      } else if (own !== undefined && own !== igsn) {
        problem(id, `it holds ${igsn}, but ${own} is registered for it.`);
      } else if (!owner) {
        if (fresh.some((row) => row.igsn === igsn)) problem(id, `${igsn} is stored in another record too.`);
        else fresh.push({ igsn, data_model: model.fullName, model_id: id });
      }
    }
    const inserted = await registry.registerMany(fresh);
    for (const row of fresh)
      if (!inserted.has(row.igsn)) problem(row.model_id, `${row.igsn} was registered meanwhile.`);
    result.registered += inserted.size;
  }
}

/** New IGSNs for one page of records, in id order (fixed_prefix continues its sequence). */
async function planPage(
  db: Db,
  parents: ParentOf,
  target: Target,
  settings: IgsnSettings,
  ids: number[],
): Promise<Map<number, string>> {
  const wanted = wantedCodes(target.parameters, settings);
  const codes =
    Object.keys(wanted).length > 0
      ? await ancestorValuesOfRecords(db as unknown as Kysely<never>, parents, target.model, ids, wanted)
      : new Map<number, Record<string, string | undefined>>();
  let lastIssued =
    settings.method === 'fixed_prefix'
      ? (await createIgsnRegistry(db).withPrefix(settings.prefix, 1, 'desc'))[0]?.igsn
      : undefined;
  const planned = new Map<number, string>();
  for (const id of ids) {
    try {
      const igsn = generateIgsn(settings, { ...codes.get(id), tag: target.parameters.tag, id, lastIssued });
      if (settings.method === 'fixed_prefix') lastIssued = igsn;
      planned.set(id, igsn);
    } catch (error) {
      if (!(error instanceof IgsnError)) throw error;
      target.result.problems.push(`${target.model.fullName} ${String(id)}: ${error.message}`);
    }
  }
  return planned;
}

/** Pass 2: records without an IGSN get their registered one back, or a new one (one transaction per page). */
async function generateMissing(
  db: Db,
  parents: ParentOf,
  target: Target,
  settings: IgsnSettings,
  size: number,
): Promise<void> {
  const { model, parameters, result } = target;
  for (let after = 0; ;) {
    const rows = await page(db, target, after, size, true);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    const ids = rows.map((row) => row.id);
    const issued = issuedByRecord(await createIgsnRegistry(db).ofRecords(model.fullName, ids));
    const planned = await planPage(
      db,
      parents,
      target,
      settings,
      ids.filter((id) => !issued.has(id)),
    );
    await db.transaction().execute(async (trx) => {
      const fresh = [...planned].map(([id, igsn]) => ({ igsn, data_model: model.fullName, model_id: id }));
      const inserted = await createIgsnRegistry(trx).registerMany(fresh);
      const values = new Map(issued);
      for (const row of fresh) {
        if (inserted.has(row.igsn)) values.set(row.model_id, row.igsn);
        else result.problems.push(`${model.fullName} ${String(row.model_id)}: ${row.igsn} is registered already.`);
      }
      for (const [id, igsn] of values) {
        await asDynamic(trx)
          .updateTable(model.table)
          .set({ [parameters.column]: igsn })
          .where('id', '=', id)
          .execute();
      }
      result.generated += values.size;
    });
  }
}

/**
 * The original's IGSN console routine (reference §2.6) for data that did not come through the
 * API (imports, bulk loads, records stored while `igsn.save-to-database` was off): pass 1
 * registers the IGSNs records carry, pass 2 gives every record without one (empty or only the
 * tag letter) its IGSN by the configured method. Running it twice changes nothing the second time.
 */
export async function backfillIgsns(
  db: Db,
  templates: TemplateSource,
  options: IgsnBackfillOptions = {},
): Promise<IgsnBackfillResult[]> {
  const settings = await readIgsnSettings(db as unknown as Kysely<never>);
  if (!settings.saveToDatabase) throw new IgsnError('SAVE_DISABLED');
  const size = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const parents = templateParents(templates);
  const defaults = { ...IGSN_BEHAVIOR_DEFAULTS, ...options.defaults };
  const targets = (await templates.listModels())
    .map((model) => targetOf(model, defaults))
    .filter((target): target is Target => target !== undefined)
    .sort((a, b) => a.model.fullName.localeCompare(b.model.fullName));
  for (const target of targets) await registerStored(db, target, size);
  for (const target of targets) await generateMissing(db, parents, target, settings, size);
  return targets.map((target) => target.result);
}
