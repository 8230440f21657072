import type { ComponentType } from 'react';
import type { WidgetType } from '@mdis/shared';
import { lazyPage } from '../../../platform/routing/lazyWithTimeout';
import { BaseWidget } from './BaseWidget';
import { SETTING_FIELDS } from './widgetSettingsFields';
import type { SettingField, WidgetProps } from './widgetTypes';

export interface WidgetDefinition {
  /** The name in the 'Add Widget' menu and the title of a new widget. */
  label: string;
  component: ComponentType<WidgetProps>;
  settingFields: readonly SettingField[];
}

// Each widget is its own lazy chunk: Leaflet and Chart.js load only when a map or chart is shown.
const WIDGETS = {
  ProjectInformationWidget: {
    label: 'Project Information',
    component: lazyPage(() => import('./ProjectInformationWidget'), 'ProjectInformationWidget'),
  },
  InstructionsWidget: {
    label: 'Instructions',
    component: lazyPage(() => import('./InstructionsWidget'), 'InstructionsWidget'),
  },
  PostBoxWidget: { label: 'Posts', component: lazyPage(() => import('./PostBoxWidget'), 'PostBoxWidget') },
  MessageOfTheDayWidget: {
    label: 'Message of the Day',
    component: lazyPage(() => import('./MessageOfTheDayWidget'), 'MessageOfTheDayWidget'),
  },
  SitesAndHolesMapWidget: {
    label: 'Sites and Holes Map',
    component: lazyPage(() => import('./SitesAndHolesMapWidget'), 'SitesAndHolesMapWidget'),
  },
  SimpleChartWidget: {
    label: 'Simple Chart',
    component: lazyPage(() => import('./SimpleChartWidget'), 'SimpleChartWidget'),
  },
  ScanQrCodeWidget: {
    label: 'Scan QR Code',
    component: lazyPage(() => import('./ScanQrCodeWidget'), 'ScanQrCodeWidget'),
  },
  SamplesCsvWidget: {
    label: 'Samples CSV',
    component: lazyPage(() => import('./SamplesCsvWidget'), 'SamplesCsvWidget'),
  },
} satisfies Record<WidgetType, Omit<WidgetDefinition, 'settingFields'>>;

export const ADDABLE_WIDGET_TYPES = Object.keys(WIDGETS) as WidgetType[];

/** The widget of a type; an unknown type gets the plain base widget (spec 2 §2). */
export function widgetDefinition(type: string): WidgetDefinition {
  const known = (WIDGETS as Partial<Record<string, Omit<WidgetDefinition, 'settingFields'>>>)[type];
  return {
    label: known?.label ?? type,
    component: known?.component ?? BaseWidget,
    settingFields: SETTING_FIELDS[type] ?? [],
  };
}
