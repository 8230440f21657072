import { z } from 'zod';

/** The widget types of the dashboard (spec 2 §2). Another type is stored as is; the client shows the base widget. */
export const WIDGET_TYPES = [
  'ProjectInformationWidget',
  'InstructionsWidget',
  'PostBoxWidget',
  'MessageOfTheDayWidget',
  'SitesAndHolesMapWidget',
  'SimpleChartWidget',
  'ScanQrCodeWidget',
  'SamplesCsvWidget',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Columns of 12 a widget spans per breakpoint (spec 2 §9: 25 %, 33 %, 50 %, 66 %, 75 %, 100 %). */
export const WIDGET_SIZES = [3, 4, 6, 8, 9, 12] as const;
export const CHART_TYPES = ['line', 'pie', 'bar', 'radar', 'doughnut'] as const;
/** The settings dialog's colour picker waits this long before it applies a typed colour (spec 2 §9). */
export const WIDGET_COLOR_DEBOUNCE_MS = 300;
/** A widget's settings (a project image is a data URL of up to 1920×1080) may be this large. */
export const WIDGET_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/** Material palette families and modifiers: a named colour is 'family' or 'family modifier'. */
export const WIDGET_COLOR_FAMILIES = [
  'red',
  'pink',
  'purple',
  'deep-purple',
  'indigo',
  'blue',
  'light-blue',
  'cyan',
  'teal',
  'green',
  'light-green',
  'lime',
  'yellow',
  'amber',
  'orange',
  'deep-orange',
  'brown',
  'blue-grey',
  'grey',
] as const;
export const WIDGET_COLOR_MODIFIERS = [
  'lighten-5',
  'lighten-4',
  'lighten-3',
  'lighten-2',
  'lighten-1',
  'darken-1',
  'darken-2',
  'darken-3',
  'darken-4',
  'accent-1',
  'accent-2',
  'accent-3',
  'accent-4',
] as const;
const PLAIN_COLORS = ['black', 'white', 'transparent'];

/** The original's widget validation messages, word for word (spec 2 §5), and those of the server's own checks. */
export const WIDGET_MESSAGES = {
  color: 'Please enter, select or pick a valid color',
  size: 'Size must be one of 3, 4, 6, 8, 9 or 12',
  type: 'Type must be a widget type name (letters and digits)',
  title: 'Title must be less than 255 characters',
  chartModel: 'Table cannot be empty',
  chartX: 'x Axis Column cannot be empty',
  chartY: 'y Axis Column cannot be empty',
  chartType: `Chart type must be one of ${CHART_TYPES.join(', ')}`,
  queryFilterFormat: "Query Filter must look like 'col1=value1&col2=value2'",
  queryFilterColumn: (column: string) => `${column} in Query Filter does not exist`,
  chartModelUnknown: (model: string) => `Table ${model} does not exist`,
  chartColumnUnknown: (column: string) => `Column ${column} does not exist`,
  tilesUrlSlash: 'The tiles URL must not end with a slash',
  number: (label: string) => `${label} must be a number`,
  notFound: 'Widget not found.',
  notCloneable: 'This widget cannot be duplicated.',
  notDeletable: 'This widget cannot be deleted.',
  reorderUnknown: (id: number) => `Widget ${id} does not exist.`,
  reorderTwice: (id: number) => `Widget ${id} is listed more than once.`,
  requestNoRequired: 'Request Number is required',
  requestNoInteger: 'Request Number must be a whole number',
  requestPartRequired: 'Request Part is required',
  requestNotFound: (requestNo: string, requestPart: string) =>
    `Sample request ${requestNo} part ${requestPart} does not exist.`,
} as const;

/** What the dashboard shows when a widget call fails (spec 2 §8, exact). */
export const WIDGET_UI_MESSAGES = {
  save: 'could not save widget settings.',
  duplicate: (reason: string) => `could not duplicate widget. ${reason}`,
  delete: (reason: string) => `could not delete widget. ${reason}`,
  reorder: 'could not reorder widgets',
  load: 'could not load widgets',
} as const;

const NAMED_COLOR = new RegExp(
  `^(?:(?:${WIDGET_COLOR_FAMILIES.join('|')})(?: (?:${WIDGET_COLOR_MODIFIERS.join('|')}))?|${PLAIN_COLORS.join('|')})$`,
);
const HEX_COLOR = /^#[0-9a-fA-F]{3,6}$/;

/** A palette name ('blue darken-2') or '#' and 3 to 6 hex digits (spec 2 §5). */
export function isWidgetColor(value: string): boolean {
  return NAMED_COLOR.test(value) || HEX_COLOR.test(value);
}

/** 'col1=value1&col2=value2' → the column names; undefined when the text is not of that form. */
export function queryFilterColumns(queryFilter: string): string[] | undefined {
  if (queryFilter.trim() === '') return [];
  const pairs = queryFilter.split('&').map((pair) => /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(pair.trim()));
  if (pairs.some((match) => !match)) return undefined;
  return pairs.map((match) => match?.[1] ?? '');
}

// Flags arrive as booleans from forms and as 0/1 from the original's clients; stored and answered as 0/1.
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'Must be true or false (1 or 0)',
  })
  .transform((value) => (value === true || value === 1 || value === '1' ? 1 : 0));

const size = z.coerce
  .number({ error: WIDGET_MESSAGES.size })
  .refine((value) => (WIDGET_SIZES as readonly number[]).includes(value), WIDGET_MESSAGES.size);

const text = (max: number) => z.string().max(max, `Must be less than ${max} characters`);
const number = (label: string) => z.coerce.number({ error: WIDGET_MESSAGES.number(label) });

const projectInformationSettings = z.looseObject({
  projectName: text(255).optional(),
  projectDescription: text(65_535).optional(),
  projectImage: z
    .string()
    .regex(/^(data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]*)?$/, 'The image must be an image data URL')
    .optional(),
  projectContact: text(65_535).optional(),
  imageWidth: z.coerce
    .number()
    .refine((value) => [25, 50, 75, 100].includes(value), 'Image width must be 25, 50, 75 or 100')
    .optional(),
  imageAlignment: z.enum(['left', 'center', 'right']).optional(),
  imageTextStack: z.enum(['row', 'column']).optional(),
  websiteLink: text(2048).optional(),
});

const instructionsSettings = z.looseObject({
  videoTutorialsLink: text(2048).optional(),
  docsPdf: text(2048).optional(),
  userHelpLink: text(2048).optional(),
  dataDescriptionPdf: text(2048).optional(),
  extraLinks: z.array(z.object({ label: text(255), link: text(2048) })).optional(),
});

const messageOfTheDaySettings = z.looseObject({ calendarWidth: z.enum(['xs3', 'xs4', 'xs6', 'xs9']).optional() });

const mapSettings = z.looseObject({
  sitesColumnInTooltip: z.array(z.string()).optional(),
  holesColumnInTooltip: z.array(z.string()).optional(),
  mapInitType: z.enum(['auto', 'manual']).optional(),
  startLatitude: number('Start Latitude').min(-90).max(90).optional(),
  startLongitude: number('Start Longitude').min(-180).max(180).optional(),
  startZoom: number('Start Zoom').min(0).max(22).optional(),
  tilesBaseUrl: text(2048)
    .refine((value) => !value.endsWith('/'), WIDGET_MESSAGES.tilesUrlSlash)
    .optional(),
});

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

const chartSettings = z.looseObject({
  model: required(WIDGET_MESSAGES.chartModel),
  xColumn: required(WIDGET_MESSAGES.chartX),
  yColumn: required(WIDGET_MESSAGES.chartY),
  pointsCount: z.coerce.number().int().min(1).max(10_000).optional(),
  queryFilter: z
    .string()
    .refine((value) => queryFilterColumns(value) !== undefined, WIDGET_MESSAGES.queryFilterFormat)
    .optional(),
  chartType: z.enum(CHART_TYPES, { error: WIDGET_MESSAGES.chartType }).optional(),
});

const SETTINGS_BY_TYPE: Partial<Record<string, z.ZodType<Record<string, unknown>>>> = {
  ProjectInformationWidget: projectInformationSettings,
  InstructionsWidget: instructionsSettings,
  MessageOfTheDayWidget: messageOfTheDaySettings,
  SitesAndHolesMapWidget: mapSettings,
  SimpleChartWidget: chartSettings,
};

/** The extraSettings schema of a type; a type without settings (or unknown) takes any object. */
export function widgetSettingsSchema(type: string): z.ZodType<Record<string, unknown>> {
  return SETTINGS_BY_TYPE[type] ?? z.record(z.string(), z.unknown());
}

/** The settings a chart names: checked against the model template by the server. */
export type ChartSettings = z.infer<typeof chartSettings>;

const widgetFields = {
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, WIDGET_MESSAGES.type),
  title: z.string().max(255, WIDGET_MESSAGES.title),
  subtitle: z.string().max(255, 'Subtitle must be less than 255 characters'),
  color: z.string({ error: WIDGET_MESSAGES.color }).refine(isWidgetColor, WIDGET_MESSAGES.color),
  is_dark: flag,
  active: flag,
  order: z.coerce.number().int().min(0).max(1_000_000),
  xs_size: size,
  sm_size: size,
  md_size: size,
  lg_size: size,
  cloneable: flag,
  deletable: flag,
  extraSettings: z.record(z.string(), z.unknown()),
};

/** A widget as the API answers it; flags are 0/1 as in the original. */
export const widgetSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  subtitle: z.string(),
  color: z.string(),
  is_dark: z.number().int(),
  active: z.number().int(),
  order: z.number().int(),
  xs_size: z.number().int(),
  sm_size: z.number().int(),
  md_size: z.number().int(),
  lg_size: z.number().int(),
  cloneable: z.number().int(),
  deletable: z.number().int(),
  extraSettings: z.record(z.string(), z.unknown()),
});
export type Widget = z.infer<typeof widgetSchema>;

/** POST: only the type is required; the rest has defaults (WIDGET_DEFAULTS). */
export const widgetCreateSchema = z.object({
  ...z.object(widgetFields).partial().shape,
  type: widgetFields.type,
});
export type WidgetCreate = z.infer<typeof widgetCreateSchema>;

/** PUT {id}: any field; an absent one is left unchanged (a form may send the whole widget back). */
export const widgetUpdateSchema = z.object(widgetFields).partial();
export type WidgetUpdate = z.infer<typeof widgetUpdateSchema>;

/** Defaults of a new widget. */
export const WIDGET_DEFAULTS = {
  title: '',
  subtitle: '',
  color: 'blue-grey darken-1',
  is_dark: 1,
  active: 1,
  xs_size: 12,
  sm_size: 12,
  md_size: 6,
  lg_size: 4,
  cloneable: 1,
  deletable: 1,
} as const;

/** The reorder call: `PUT api/v1/widgets` with every widget's place (the rest stay as they are). */
export const widgetReorderSchema = z
  .array(z.object({ id: z.coerce.number().int().positive(), order: widgetFields.order, active: flag }))
  .max(1000);
export type WidgetReorder = z.infer<typeof widgetReorderSchema>;

export const widgetListQuerySchema = z.looseObject({ sort: z.string().optional() });

/** `GET widgets/download-samples-as-csv?requestNo=&requestPart=`. */
export const samplesCsvQuerySchema = z.object({
  requestNo: z
    .string({ error: WIDGET_MESSAGES.requestNoRequired })
    .trim()
    .min(1, WIDGET_MESSAGES.requestNoRequired)
    .regex(/^\d{1,9}$/, WIDGET_MESSAGES.requestNoInteger),
  requestPart: z
    .string({ error: WIDGET_MESSAGES.requestPartRequired })
    .trim()
    .min(1, WIDGET_MESSAGES.requestPartRequired)
    .max(10),
});
export type SamplesCsvQuery = z.infer<typeof samplesCsvQuerySchema>;

/** The file name the Samples CSV widget saves (spec 2 §2). */
export const samplesCsvFileName = (requestNo: string, requestPart: string) => `samples_${requestNo}_${requestPart}.csv`;
