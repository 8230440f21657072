import { CHART_TYPES } from '@mdis/shared';
import type { SettingField } from './widgetTypes';

// The settings each widget type keeps in extraSettings (project text and image, links, map start
// and tiles, chart model and columns…; spec 2 §3), described as fields so one dialog edits them all.
export const SETTING_FIELDS: Partial<Record<string, readonly SettingField[]>> = {
  ProjectInformationWidget: [
    { key: 'projectName', label: 'Project Name', kind: 'text' },
    { key: 'projectDescription', label: 'Project Description', kind: 'textarea' },
    { key: 'projectContact', label: 'Project Contact', kind: 'textarea' },
    { key: 'projectImage', label: 'Project Image', kind: 'image' },
    { key: 'imageWidth', label: 'Image Width [%]', kind: 'select', options: [25, 50, 75, 100] },
    { key: 'imageAlignment', label: 'Image Alignment', kind: 'select', options: ['left', 'center', 'right'] },
    { key: 'imageTextStack', label: 'Image and Text', kind: 'select', options: ['row', 'column'] },
    { key: 'websiteLink', label: 'Website Link', kind: 'text' },
  ],
  InstructionsWidget: [
    { key: 'videoTutorialsLink', label: 'Video Tutorials Link', kind: 'text' },
    { key: 'docsPdf', label: 'Documentation PDF Link', kind: 'text' },
    { key: 'userHelpLink', label: 'User Help Link', kind: 'text' },
    { key: 'dataDescriptionPdf', label: 'Data Description PDF Link', kind: 'text' },
    { key: 'extraLinks', label: 'Extra Links', kind: 'links' },
  ],
  MessageOfTheDayWidget: [
    { key: 'calendarWidth', label: 'Calendar Width', kind: 'select', options: ['xs3', 'xs4', 'xs6', 'xs9'] },
  ],
  SitesAndHolesMapWidget: [
    { key: 'sitesColumnInTooltip', label: 'Site Columns in Tooltip', kind: 'list', helperText: 'comma-separated' },
    { key: 'holesColumnInTooltip', label: 'Hole Columns in Tooltip', kind: 'list', helperText: 'comma-separated' },
    { key: 'mapInitType', label: 'Map Start', kind: 'select', options: ['auto', 'manual'] },
    { key: 'startLatitude', label: 'Start Latitude', kind: 'number' },
    { key: 'startLongitude', label: 'Start Longitude', kind: 'number' },
    { key: 'startZoom', label: 'Start Zoom', kind: 'number' },
    {
      key: 'tilesBaseUrl',
      label: 'Tiles URL',
      kind: 'text',
      helperText:
        'e.g. https://tile.openstreetmap.org (no trailing slash); empty: the tiles of the application settings',
    },
  ],
  SimpleChartWidget: [
    { key: 'model', label: 'Table', kind: 'model' },
    { key: 'xColumn', label: 'x Axis Column', kind: 'column', modelKey: 'model' },
    { key: 'yColumn', label: 'y Axis Column', kind: 'column', modelKey: 'model' },
    { key: 'pointsCount', label: 'Points Count', kind: 'number' },
    { key: 'queryFilter', label: 'Query Filter', kind: 'text', helperText: 'col1=value1&col2=value2' },
    { key: 'chartType', label: 'Chart Type', kind: 'select', options: CHART_TYPES },
  ],
};
