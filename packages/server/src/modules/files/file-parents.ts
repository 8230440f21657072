import {
  ALL_ROWS,
  AppError,
  ARCHIVE_FILE_CURATOR,
  ARCHIVE_FILE_OWNERS_DEEPEST_FIRST,
  fileParentByKey,
  fileParentChildren,
  fileParentLinkOf,
  type PermissionHolder,
  validationError,
} from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { RecordsService } from '../../engine/records/records.service';
import { fileScope } from './files-access';

/**
 * A record level a file can belong to, as the assign code uses it: the shared archive-file parent
 * level (`@mdis/shared` files/archive-file-parents.ts, the one table web and server read) with the
 * column its records point at their parent with.
 */
export interface ParentLevel {
  select: string;
  column: string;
  model: string;
  parentColumn: string | undefined;
  text: string;
}

/** Deepest first: a file belongs to the deepest record chosen. */
export const PARENT_LEVELS: readonly ParentLevel[] = ARCHIVE_FILE_OWNERS_DEEPEST_FIRST.map((level) => ({
  select: level.key,
  column: level.column,
  model: level.model,
  parentColumn: fileParentLinkOf(level),
  text: level.text,
}));

export const PARENT_COLUMNS = PARENT_LEVELS.map((level) => level.column);

const levelByColumn = new Map(PARENT_LEVELS.map((level) => [level.column, level]));

const curator = fileParentByKey(ARCHIVE_FILE_CURATOR);
export const PERSON_SELECT = { model: curator?.model ?? '', text: curator?.text ?? '' } as const;

/** The resolved parent of a file: every ancestor id, and the deepest record's combined id. */
export interface FileParent {
  ids: Record<string, number | null>;
  /** Combined id of the deepest record (the expedition's code at expedition level). */
  combinedId: string;
  /** What an assigned name is built from: the combined id of the deepest of section..site, else the code. */
  nameBase: string;
  deepest: ParentLevel;
}

function idOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function createFileParents(records: RecordsService) {
  const getRecord = (user: PermissionHolder, level: ParentLevel, id: number) =>
    records.get(user, { kind: 'global', name: level.model }, id);

  /** The chain above the deepest chosen record, checked against the ids the client sent too. */
  async function resolve(user: PermissionHolder, body: Readonly<Record<string, unknown>>): Promise<FileParent> {
    const deepest = PARENT_LEVELS.find((level) => idOf(body[level.column]) !== undefined);
    if (!deepest) {
      throw validationError([{ field: 'expedition_id', message: 'Please select the record the files belong to.' }]);
    }
    const ids: Record<string, number | null> = Object.fromEntries(PARENT_COLUMNS.map((c) => [c, null]));
    const rows = new Map<string, Row>();
    let level: ParentLevel | undefined = deepest;
    let id = idOf(body[deepest.column]);
    while (level && id !== undefined) {
      const row = await getRecord(user, level, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          throw validationError([{ field: level?.column ?? '', message: 'The selected record does not exist.' }]);
        }
        throw error;
      });
      const sent = idOf(body[level.column]);
      if (sent !== undefined && sent !== id) {
        throw validationError([{ field: level.column, message: 'does not belong to the selected child record.' }]);
      }
      ids[level.column] = id;
      rows.set(level.column, row);
      id = level.parentColumn ? idOf(row[level.parentColumn]) : undefined;
      level = level.parentColumn ? levelByColumn.get(level.parentColumn) : undefined;
    }
    const code = textOf(rows.get('expedition_id')?.expedition);
    // Names stop at the section (reference §1): a split's or sample's file is named by its section.
    const named = PARENT_LEVELS.slice(2, 6).find((l) => rows.has(l.column));
    return {
      ids,
      combinedId: textOf(rows.get(deepest.column)?.combined_id) || code,
      nameBase: textOf(named ? rows.get(named.column)?.combined_id : undefined) || code,
      deepest,
    };
  }

  /** `update-select-values?name&value`: the options of the selects the named one narrows. */
  async function selectValues(user: PermissionHolder, name: string, value: number | undefined) {
    // Authorization first: who may not use the files form learns nothing, not even a select's name.
    fileScope(user, 'view');
    // The selects a choice narrows: expedition → site and sampleRequest, '' → expedition and person, …
    const children = fileParentChildren(name).map((level) => level.key);
    if (children.length === 0) throw new AppError('BAD_REQUEST', `Unknown select '${name}'.`);
    if (name !== '' && value === undefined) throw new AppError('BAD_REQUEST', `A value is required for '${name}'.`);
    const parent = PARENT_LEVELS.find((l) => l.select === name);
    const result: Record<string, { value: number; text: string }[]> = {};
    for (const select of children) {
      const level = select === ARCHIVE_FILE_CURATOR ? undefined : PARENT_LEVELS.find((l) => l.select === select);
      const model = level?.model ?? PERSON_SELECT.model;
      const text = level?.text ?? PERSON_SELECT.text;
      const filter = parent && level?.parentColumn ? { [level.parentColumn]: `==${String(value)}` } : {};
      const query = { 'per-page': ALL_ROWS, fields: ['id', text], sort: text, filter };
      const list = await records.list(user, { kind: 'global', name: model }, query).catch((error: unknown) => {
        // A user who may not see a model gets no options for it, not an error for the whole call.
        if (error instanceof AppError && error.code === 'FORBIDDEN') return { items: [] };
        throw error;
      });
      result[select] = list.items.map((row) => ({ value: Number(row.id), text: textOf(row[text]) }));
    }
    return result;
  }

  return { resolve, selectValues };
}

export type FileParents = ReturnType<typeof createFileParents>;
