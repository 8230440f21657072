import { WIDGET_DEFAULTS } from '@mdis/shared';
import type { Insertable } from 'kysely';
import type { Db, WidgetsTable } from '../../infra/db/schema';

type DefaultWidget = Pick<WidgetsTable, 'type' | 'title'> &
  Partial<Pick<WidgetsTable, 'subtitle' | 'color' | 'xs_size' | 'sm_size' | 'md_size' | 'lg_size'>> & {
    extraSettings?: Record<string, unknown>;
  };

// The dashboard of a new installation: every widget type once, configured for the seeded drilling
// model, sized so that every row is full at each breakpoint (no half-empty row between 960 and
// 1264 px). The map's tiles URL is empty: the client then draws its offline background, which works
// without internet.
const DEFAULT_WIDGETS: DefaultWidget[] = [
  {
    type: 'ProjectInformationWidget',
    title: 'Project Information',
    color: 'light-blue darken-2',
    md_size: 12,
    lg_size: 8,
    extraSettings: {
      projectName: 'Drilling Information System',
      projectDescription: 'Describe the project here: open the settings of this widget in edit mode.',
      projectContact: '',
      projectImage: '',
      imageWidth: 50,
      imageAlignment: 'center',
      imageTextStack: 'column',
      websiteLink: '',
    },
  },
  {
    type: 'InstructionsWidget',
    title: 'Instructions',
    color: 'teal darken-1',
    extraSettings: { videoTutorialsLink: '', docsPdf: '', userHelpLink: '', dataDescriptionPdf: '', extraLinks: [] },
  },
  { type: 'PostBoxWidget', title: 'Posts', color: 'indigo darken-1' },
  {
    type: 'MessageOfTheDayWidget',
    title: 'Message of the Day',
    color: 'deep-purple darken-1',
    md_size: 12,
    lg_size: 8,
    extraSettings: { calendarWidth: 'xs4' },
  },
  {
    type: 'SitesAndHolesMapWidget',
    title: 'Sites and Holes',
    color: 'green darken-2',
    md_size: 12,
    lg_size: 8,
    extraSettings: {
      sitesColumnInTooltip: ['site', 'site_name'],
      holesColumnInTooltip: ['combined_id', 'hole_name'],
      mapInitType: 'auto',
      startLatitude: 0,
      startLongitude: 0,
      startZoom: 2,
      tilesBaseUrl: '',
    },
  },
  {
    type: 'SimpleChartWidget',
    title: 'Core Recovery',
    subtitle: 'Recovered length per core [m]',
    color: 'orange darken-2',
    extraSettings: {
      model: 'CoreCore',
      xColumn: 'combined_id',
      yColumn: 'core_recovery',
      pointsCount: 20,
      queryFilter: '',
      chartType: 'bar',
    },
  },
  { type: 'ScanQrCodeWidget', title: 'Scan QR Code', color: 'blue-grey darken-1' },
  {
    type: 'SamplesCsvWidget',
    title: 'Samples CSV',
    subtitle: 'Samples of a sample request',
    color: 'brown darken-1',
    md_size: 12,
    lg_size: 8,
  },
];

/**
 * Seeds the default dashboard into an empty widgets table; a dashboard that has any widget (even
 * after its users deleted some) is left alone.
 */
export async function seedDefaultWidgets(db: Db): Promise<void> {
  const existing = await db.selectFrom('widgets').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const at = new Date().toISOString();
  const rows: Insertable<WidgetsTable>[] = DEFAULT_WIDGETS.map(({ extraSettings, ...widget }, order) => ({
    ...WIDGET_DEFAULTS,
    ...widget,
    order,
    extra_settings: JSON.stringify(extraSettings ?? {}),
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto('widgets').values(rows).execute();
}
