import type { Widget } from '@mdis/shared';

export interface WidgetProps {
  widget: Widget;
  /** The dashboard is in edit mode (settings, drag handles). */
  editMode: boolean;
  /** Opens this widget's settings (edit mode only): an empty widget offers it as its next step. */
  openSettings?: () => void;
}

/** One option of a widget's settings, described as a field, so one generic dialog edits every type (STYLE rule 14). */
export type SettingField =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'number'; helperText?: string }
  | { key: string; label: string; kind: 'select'; options: readonly (string | number)[] }
  /** A list of texts, typed comma-separated. */
  | { key: string; label: string; kind: 'list'; helperText?: string }
  /** An image stored as a data URL, scaled to fit 1920×1080. */
  | { key: string; label: string; kind: 'image' }
  /** A list of { label, link }. */
  | { key: string; label: string; kind: 'links' }
  /** A data model, picked from the models of the forms the user may open (app/forms). */
  | { key: string; label: string; kind: 'model' }
  /** A column of the model the setting `modelKey` names, picked from its template. */
  | { key: string; label: string; kind: 'column'; modelKey: string };

/** Messages per settings key (without the 'extraSettings.' prefix). */
export type SettingErrors = Record<string, string>;
