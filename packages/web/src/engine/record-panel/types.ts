import type { ColumnTemplate, FieldError, FormTemplate } from '@mdis/shared';
import type { ParentRecord } from '../fields/calculatedFields';

export type { FieldError };
export type Scenario = 'view' | 'edit' | 'create';
/** A record as the server sends it: multi-values as arrays, booleans 0/1. */
export type FormRecord = Record<string, unknown>;

export interface RecordPanelProps {
  form: FormTemplate;
  /**
   * The columns of the form's model, when loaded: their rules (required, size, type, validator) and
   * labels count as on the server, so the panel shows the messages a save would get.
   */
  columns?: Readonly<Record<string, ColumnTemplate>>;
  /** Current values. */
  record: FormRecord;
  /** The record's parent, when loaded: formulas reading it (`hole.x`) update while typing too. */
  parent?: ParentRecord;
  /** 'view' = all inputs read-only. */
  scenario: Scenario;
  /** Every edit, with calculated fields already recomputed. */
  onChange: (next: FormRecord) => void;
  /** The 422 body of the last save: shown under each field and in a dismissible summary. */
  serverErrors?: FieldError[];
  onDismissServerErrors?: () => void;
  /**
   * All fields in one group. Leave it out to follow the compact-display cookie that
   * `toggleCompactDisplay` (alt+shift+c) switches.
   */
  compact?: boolean;
  /**
   * Show the client validation messages of every field, not only of the fields edited so far
   * (set it after a save attempt that {@link validateRecord} refused).
   */
  showAllErrors?: boolean;
}
