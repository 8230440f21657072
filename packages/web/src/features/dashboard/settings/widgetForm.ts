import {
  WIDGET_DEFAULTS,
  WIDGET_MESSAGES,
  queryFilterColumns,
  widgetSettingsSchema,
  widgetUpdateSchema,
  type Widget,
  type WidgetUpdate,
} from '@mdis/shared';

/** What the settings dialog edits: the widget's own fields and its type's extra settings. */
export interface WidgetDraft {
  title: string;
  subtitle: string;
  color: string;
  is_dark: boolean;
  xs_size: number;
  sm_size: number;
  md_size: number;
  lg_size: number;
  extraSettings: Record<string, unknown>;
}

/** Messages by field: 'color', 'title', 'extraSettings.queryFilter'… */
export type DraftErrors = Record<string, string>;

export const SIZE_FIELDS = [
  ['xs_size', 'Size on phones'],
  ['sm_size', 'Size on tablets'],
  ['md_size', 'Size on small screens'],
  ['lg_size', 'Size on large screens'],
] as const;

/** The id of a widget not stored yet: its settings dialog creates it. */
export const NEW_WIDGET_ID = 0;

/**
 * A type whose settings are not valid empty (a chart needs its table and columns) opens its
 * settings before it is created: posting it bare would only be refused.
 */
export function needsSettingsFirst(type: string): boolean {
  return !widgetSettingsSchema(type).safeParse({}).success;
}

/** A widget of `type` with the server's defaults, for the settings dialog of a new widget. */
export function newWidget(type: string, title: string): Widget {
  return { ...WIDGET_DEFAULTS, id: NEW_WIDGET_ID, type, title, order: 0, extraSettings: {} };
}

export function toDraft(widget: Widget): WidgetDraft {
  return {
    title: widget.title,
    subtitle: widget.subtitle,
    color: widget.color,
    is_dark: widget.is_dark === 1,
    xs_size: widget.xs_size,
    sm_size: widget.sm_size,
    md_size: widget.md_size,
    lg_size: widget.lg_size,
    extraSettings: { ...widget.extraSettings },
  };
}

export function toUpdate(draft: WidgetDraft): WidgetUpdate {
  return { ...draft, is_dark: draft.is_dark ? 1 : 0 };
}

function firstMessages(issues: readonly { path: PropertyKey[]; message: string }[], prefix = ''): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const key = prefix + issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The checks the server makes too (colour, sizes, the chart's table and axis columns, …: the widget
 * schemas of shared, spec 2 §5), so the user sees a message before sending.
 */
export function validateDraft(type: string, draft: WidgetDraft): DraftErrors {
  const base = widgetUpdateSchema.safeParse(toUpdate(draft));
  const settings = widgetSettingsSchema(type).safeParse(draft.extraSettings);
  return {
    ...(base.success ? {} : firstMessages(base.error.issues)),
    ...(settings.success ? {} : firstMessages(settings.error.issues, 'extraSettings.')),
  };
}

/**
 * The chart's query filter names columns of its table: each must exist ('{column} in Query Filter
 * does not exist'). `columns` is undefined while the table's columns are unknown.
 */
export function queryFilterErrors(queryFilter: unknown, columns: readonly string[] | undefined): DraftErrors {
  const text = typeof queryFilter === 'string' ? queryFilter : '';
  const named = queryFilterColumns(text);
  if (named === undefined) return { 'extraSettings.queryFilter': WIDGET_MESSAGES.queryFilterFormat };
  const missing = columns ? named.find((column) => !columns.includes(column)) : undefined;
  return missing === undefined ? {} : { 'extraSettings.queryFilter': WIDGET_MESSAGES.queryFilterColumn(missing) };
}
