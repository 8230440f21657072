import {
  AppError,
  type FieldError,
  type PermissionHolder,
  type SamplesCsvQuery,
  validationError,
  WIDGET_DEFAULTS,
  WIDGET_MESSAGES,
  type Widget,
  type WidgetCreate,
  type WidgetReorder,
  type WidgetUpdate,
} from '@mdis/shared';
import type { Updateable } from 'kysely';
import type { RecordsService } from '../../engine/records/records.service';
import type { TemplateSource } from '../../engine/records/record-model';
import { parseSort } from '../../infra/http/list-query';
import type { Db, WidgetsTable } from '../../infra/db/schema';
import { samplesCsv } from './samples-csv';
import { assertChartColumns, parseSettings, toWidget, widgetNotFound } from './widgets.guards';
import {
  createWidgetsRepository,
  WIDGET_SORT_COLUMNS,
  type WidgetRow,
  type WidgetsRepository,
} from './widgets.repository';

export interface WidgetsDeps {
  db: Db;
  records: RecordsService;
  templates: TemplateSource;
}

// The dashboard is answered whole: one page holding every widget.
const wholeList = (count: number) => ({ totalCount: count, pageCount: 1, currentPage: 1, perPage: count });

/** The columns a write sets, without extraSettings (validated against the type separately). */
function columnChanges(input: WidgetUpdate): Updateable<WidgetsTable> {
  const { extraSettings: _settings, ...fields } = input;
  return fields;
}

/**
 * The dashboard's drag and drop (spec 2 §4): each listed widget gets its order and active flag;
 * all or nothing. An unknown or repeated id is a 422 naming its position.
 */
async function reorderWidgets(db: Db, widgets: WidgetsRepository, places: WidgetReorder): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await widgets.existingIds(
      places.map((place) => place.id),
      trx,
    );
    const seen = new Set<number>();
    const errors: FieldError[] = [];
    places.forEach(({ id }, index) => {
      if (!existing.has(id)) errors.push({ field: `${index}.id`, message: WIDGET_MESSAGES.reorderUnknown(id) });
      else if (seen.has(id)) errors.push({ field: `${index}.id`, message: WIDGET_MESSAGES.reorderTwice(id) });
      seen.add(id);
    });
    if (errors.length > 0) throw validationError(errors);
    const at = new Date().toISOString();
    for (const { id, order, active } of places) await widgets.update(id, { order, active, updated_at: at }, trx);
  });
}

/** A copy placed after the last widget; a widget marked not cloneable is refused (409). */
function duplicateWidget(db: Db, widgets: WidgetsRepository, id: number): Promise<Widget> {
  return db.transaction().execute(async (trx) => {
    const found = await widgets.find(id, trx);
    if (!found) throw widgetNotFound();
    const { id: _id, ...source } = found;
    if (source.cloneable !== 1) throw new AppError('CONFLICT', WIDGET_MESSAGES.notCloneable);
    const at = new Date().toISOString();
    const copy = { ...source, order: await widgets.nextOrder(trx), created_at: at, updated_at: at };
    const copyId = await widgets.insert(copy, trx);
    return toWidget({ ...copy, id: copyId });
  });
}

/** The settings as stored: checked against the type's schema and, for a chart, the model. */
async function checkedSettings(
  templates: TemplateSource,
  type: string,
  settings: Record<string, unknown>,
): Promise<string> {
  const parsed = parseSettings(type, settings);
  if (type === 'SimpleChartWidget') await assertChartColumns(templates, parsed);
  return JSON.stringify(parsed);
}

export function createWidgetsService({ db, records, templates }: WidgetsDeps) {
  const widgets = createWidgetsRepository(db);

  async function findOrThrow(id: number, trx: Db = db): Promise<WidgetRow> {
    const row = await widgets.find(id, trx);
    if (!row) throw widgetNotFound();
    return row;
  }

  return {
    /** `GET widgets?sort=order`: every widget. */
    async list(sort: string | undefined) {
      const rows = await widgets.list(parseSort(sort, WIDGET_SORT_COLUMNS));
      return { items: rows.map(toWidget), _meta: wholeList(rows.length) };
    },

    get: async (id: number): Promise<Widget> => toWidget(await findOrThrow(id)),

    /** A new widget goes after the last one unless an order is given. */
    async create(input: WidgetCreate): Promise<Widget> {
      const extraSettings = await checkedSettings(templates, input.type, input.extraSettings ?? {});
      const at = new Date().toISOString();
      const id = await db.transaction().execute(async (trx) =>
        widgets.insert(
          {
            ...WIDGET_DEFAULTS,
            ...columnChanges(input),
            type: input.type,
            order: input.order ?? (await widgets.nextOrder(trx)),
            extra_settings: extraSettings,
            created_at: at,
            updated_at: at,
          },
          trx,
        ),
      );
      return toWidget(await findOrThrow(id));
    },

    /**
     * Changes the fields given; settings are checked against the widget's (new) type. No transaction:
     * the check reads templates, which must not wait on one (SQLite has a single connection).
     */
    async update(id: number, input: WidgetUpdate): Promise<Widget> {
      const row = await findOrThrow(id);
      const changes: Updateable<WidgetsTable> = { ...columnChanges(input), updated_at: new Date().toISOString() };
      const typeChanged = input.type !== undefined && input.type !== row.type;
      if (input.extraSettings !== undefined || typeChanged) {
        const settings = input.extraSettings ?? toWidget(row).extraSettings;
        changes.extra_settings = await checkedSettings(templates, input.type ?? row.type, settings);
      }
      await widgets.update(id, changes);
      return toWidget(await findOrThrow(id));
    },

    /** A copy placed after the last widget; a widget marked not cloneable is refused (409). */
    duplicate: (id: number): Promise<Widget> => duplicateWidget(db, widgets, id),

    async delete(id: number): Promise<void> {
      const row = await findOrThrow(id);
      if (row.deletable !== 1) throw new AppError('CONFLICT', WIDGET_MESSAGES.notDeletable);
      await widgets.delete(id);
    },

    /** `PUT widgets`: the new places, then the whole dashboard as `GET widgets?sort=order` answers it. */
    async reorder(places: WidgetReorder) {
      await reorderWidgets(db, widgets, places);
      const rows = await widgets.list([{ column: 'order', direction: 'asc' }]);
      return { items: rows.map(toWidget), _meta: wholeList(rows.length) };
    },

    samplesCsv: (user: PermissionHolder, query: SamplesCsvQuery) => samplesCsv({ records, templates }, user, query),
  };
}

export type WidgetsService = ReturnType<typeof createWidgetsService>;
