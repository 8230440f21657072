import {
  AppError,
  type FieldError,
  isReadOnly,
  validationError,
  WIDGET_MESSAGES,
  type Widget,
  widgetSettingsSchema,
} from '@mdis/shared';
import { FORBIDDEN_MESSAGE } from '../../infra/auth/access-control';
import { parseJsonValue } from '../../infra/db/json-columns';
import type { TemplateSource } from '../../engine/records/record-model';
import type { WidgetRow } from './widgets.repository';

/**
 * The route rule admits developers and administrators (spec 2 §6); a read-only user never changes
 * the dashboard even when it also holds developer (the rule alone cannot see that).
 */
export function assertMayEdit(actor: { roles: readonly string[] }): void {
  if (isReadOnly(actor.roles)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

export const widgetNotFound = () => new AppError('NOT_FOUND', WIDGET_MESSAGES.notFound);

function settingsOf(text: string): Record<string, unknown> {
  const value = parseJsonValue(text);
  // A broken value must not break the whole dashboard: it reads as no settings.
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const toWidget = (row: WidgetRow): Widget => ({
  id: row.id,
  type: row.type,
  title: row.title,
  subtitle: row.subtitle,
  color: row.color,
  is_dark: row.is_dark,
  active: row.active,
  order: row.order,
  xs_size: row.xs_size,
  sm_size: row.sm_size,
  md_size: row.md_size,
  lg_size: row.lg_size,
  cloneable: row.cloneable,
  deletable: row.deletable,
  extraSettings: settingsOf(row.extra_settings),
});

/**
 * The type's settings schema: which extraSettings keys the widget type keeps and the original's
 * checks on them (spec 2 §3, §5); messages are reported under `extraSettings.<key>`.
 */
export function parseSettings(type: string, settings: Record<string, unknown>): Record<string, unknown> {
  const result = widgetSettingsSchema(type).safeParse(settings);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      field: ['extraSettings', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

/**
 * A chart reads `api/v1/global?name={model}` with `fields=x,y` and the query filter: the model and
 * every column it names must exist, or the chart would only ever show an error.
 */
export async function assertChartColumns(templates: TemplateSource, settings: Record<string, unknown>): Promise<void> {
  const model = String(settings.model);
  const template = await templates.getModel(model);
  if (!template) {
    throw validationError([{ field: 'extraSettings.model', message: WIDGET_MESSAGES.chartModelUnknown(model) }]);
  }
  const has = (column: string) => Object.hasOwn(template.columns, column);
  const errors: FieldError[] = [];
  for (const key of ['xColumn', 'yColumn'] as const) {
    const column = String(settings[key]);
    if (!has(column))
      errors.push({ field: `extraSettings.${key}`, message: WIDGET_MESSAGES.chartColumnUnknown(column) });
  }
  const filter = typeof settings.queryFilter === 'string' ? settings.queryFilter : '';
  for (const pair of filter.split('&').filter((part) => part.trim() !== '')) {
    const column = pair.split('=')[0]?.trim() ?? '';
    if (!has(column))
      errors.push({ field: 'extraSettings.queryFilter', message: WIDGET_MESSAGES.queryFilterColumn(column) });
  }
  if (errors.length > 0) throw validationError(errors);
}
