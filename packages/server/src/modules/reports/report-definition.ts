import type { Readable } from 'node:stream';
import type { FormTemplate, ModelTemplate, ReportType, Role } from '@mdis/shared';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import type { Row } from '../../engine/records/dynamic-db';
import type { TemplateSource } from '../../engine/records/record-model';
import type { RecordTargetRef } from '../../engine/records/record-target';
import type { RecordsService } from '../../engine/records/records.service';
import type { ListValuesService } from '../list-values/list-values.service';
import type { ReportQuery } from './report-query';
import type { SampleSeriesRepository } from './sample-series/sample-series.repository';

/** What reports read through: the records engine (permissions, limited access), templates, value lists. */
export interface ReportDeps {
  records: RecordsService;
  templates: TemplateSource;
  listValues: ListValuesService;
  /** The app config: the header shows its logo (AppIcon). */
  appConfig: { get(name: string): Promise<unknown> };
  /** The sample series the series actions create and undo. */
  sampleSeries: SampleSeriesRepository;
}

/** The model a report runs on, as the request named it (a form, else the bare model). */
export interface ReportTarget {
  ref: RecordTargetRef;
  model: ModelTemplate;
  form: FormTemplate | undefined;
}

export interface ReportInput {
  deps: ReportDeps;
  user: AuthenticatedUser;
  query: ReportQuery;
  definition: ReportDefinition;
  /** Undefined only for standalone reports (ExportValueList). */
  target: ReportTarget | undefined;
}

/** A rendered report: a page for the browser, or a file to download (`fileName` set). */
export interface ReportOutput {
  contentType: string;
  /** A stream for exports of a whole list, written as the client reads. */
  body: string | Buffer | Readable;
  fileName?: string;
  /** How many records a streamed export holds (sent as `x-total-count` for a progress display). */
  total?: number;
}

export interface ActionResult {
  message: string;
  /** How many records the action wrote. */
  changed: number;
}

/**
 * One report of the registry (reference §6). `model` is matched against the model's full name;
 * `records` says whether it runs on the current record, on a list, or on both.
 */
export interface ReportDefinition {
  name: string;
  title: string;
  model: RegExp;
  records: 'single' | 'multiple' | 'both';
  type: ReportType;
  directPrint?: boolean;
  canAutoPrint?: boolean;
  confirmationMessage?: string;
  /**
   * An action that needs the user's input first: the menu opens its page (a form with a preview),
   * which asks for confirmation and POSTs itself.
   */
  opensPage?: boolean;
  /** Runs on no model's records (it is not offered in a form's menus). */
  standalone?: boolean;
  /**
   * The model whose records an action creates, changes or deletes: the user's edit permission on
   * it is checked before anything else (authorization before validation).
   */
  writes?: string;
  /** A role the user must hold besides the read permissions. */
  role?: Role;
  /** GET: the page or file; for an action, a preview of what it would change (nothing is written). */
  render(input: ReportInput): Promise<ReportOutput>;
  /** POST, after confirmation: the action itself. */
  run?(input: ReportInput): Promise<ActionResult>;
}

export type ReportRows = Row[];
