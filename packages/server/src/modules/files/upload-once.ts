import { AppError } from '@mdis/shared';
import type { Db } from '../../infra/db/schema';
import { appliedOps } from '../offline/applied-ops.repository';

type Row = Record<string, unknown>;

/** The longest client operation id an upload may name (the column's width). */
const MAX_OP_ID = 100;

export const UPLOAD_ONCE_MESSAGES = {
  opIdTooLong: `opId: an operation id may have at most ${String(MAX_OP_ID)} characters.`,
} as const;

/**
 * A photo queued offline (issue 22 item 5) is uploaded with its client operation id: when the
 * answer was lost and the browser tries again, the server answers the file it created the first
 * time instead of creating a second one. The ids share the sync's record of applied operations.
 */
export function createUploadOnce(db: Db) {
  return async function uploadOnce(userId: number, opId: string | undefined, upload: () => Promise<Row[]>) {
    const id = opId?.trim();
    // refused, not ignored: a retry would otherwise create the file a second time
    if (id && id.length > MAX_OP_ID) throw new AppError('BAD_REQUEST', UPLOAD_ONCE_MESSAGES.opIdTooLong);
    if (!id) return upload();
    const earlier = (await appliedOps.find(db, userId, [id])).get(id);
    if (earlier?.record) return [earlier.record];
    const rows = await upload();
    const first = rows.at(0);
    if (first && typeof first.id === 'number') {
      await appliedOps.save(db, userId, { opId: id, status: 'applied', id: first.id, record: first });
    }
    return rows;
  };
}

export type UploadOnce = ReturnType<typeof createUploadOnce>;
