import Dexie, { type Table } from 'dexie';
import type { StoredFile } from './offlineFiles';
import type { QueuedOperation } from './syncQueue';

type Row = Record<string, unknown>;

/** What a change made offline is, until the server has it. */
export type PendingChange = 'create' | 'update' | 'delete';

/** A record of a form in an offline scope, as the form's list answered it (or as written offline). */
export interface StoredRecord {
  /** `${form}|${id}`: one copy per form (a model's forms show different columns). */
  key: string;
  form: string;
  model: string;
  /** Negative for a record created offline (its temporary id). */
  id: number;
  record: Row;
  /** The record's version on the server when it was read (absent: created offline). */
  version?: number;
  pending?: PendingChange;
  /** Fields the server assigns (combined id, IGSN, ...), shown as pending until it has. */
  pendingFields?: string[];
  /** Values of pending fields computed here by the server's rules (a combined id), shown as pending. */
  provisional?: Row;
}

/** A form or model template, by `form:<name>` or `model:<fullName>`. */
export interface StoredTemplate {
  key: string;
  template: Row;
}

export interface StoredValueList {
  name: string;
  items: Row[];
}

export interface StoredQueueItem {
  seq?: number;
  op: QueuedOperation;
}

/** An answered GET the offline screens need besides records (app config, forms menu, filter lists). */
export interface StoredAnswer {
  url: string;
  data: unknown;
}

export interface StoredMeta {
  key: string;
  value: unknown;
}

/** The browser's store of offline scopes (IndexedDB through Dexie). */
export class OfflineDb extends Dexie {
  records!: Table<StoredRecord, string>;
  templates!: Table<StoredTemplate, string>;
  valueLists!: Table<StoredValueList, string>;
  queue!: Table<StoredQueueItem, number>;
  answers!: Table<StoredAnswer, string>;
  meta!: Table<StoredMeta, string>;
  /** Photos chosen offline on the upload screen, waiting for the network and their record (item 5). */
  files!: Table<StoredFile, number>;

  constructor(name = 'mdis-offline') {
    super(name);
    this.version(1).stores({
      records: 'key, form, model, pending',
      templates: 'key',
      valueLists: 'name',
      queue: '++seq',
      answers: 'url',
      meta: 'key',
    });
    // version 2 adds the queued files; the stores of version 1 stay as they are
    this.version(2).stores({ files: '++seq' });
  }
}

let shared: OfflineDb | null = null;

/** The app's store, opened on first use. */
export function offlineDb(): OfflineDb {
  shared ??= new OfflineDb();
  return shared;
}

/** Tests: a fresh store under another name. */
export function setOfflineDbForTests(db: OfflineDb): void {
  shared = db;
}

export const recordKey = (form: string, id: number): string => `${form}|${id}`;
