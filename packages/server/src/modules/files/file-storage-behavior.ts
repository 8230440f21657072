import type { BehaviorContext, BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import { eachRecord, eachUpdate } from '../../engine/behaviors/builtin/behavior-helpers';
import type { FileStorage } from '../../infra/storage/file-storage';
import { assertPlainFilename, fileKey } from './file-keys';
import { createPreviewCache } from './file-preview-cache';
import { FILE_MODEL } from './files.repository';

export const FILE_STORAGE_BEHAVIOR = 'ArchiveFileStorage';

interface Log {
  error(object: object, message: string): void;
}

/**
 * The archive file rows' side of the storage, on every path that writes them (files API and the
 * generic records API alike): a file name that looks like a path is refused (422), and a deleted
 * row's bytes and preview are removed once the delete has committed — never before, so a delete
 * that rolls back keeps them. Keys come from ids (file-keys.ts), so those bytes are the row's own.
 */
const plainName = ({ record }: BehaviorContext) => {
  assertPlainFilename(record.filename);
};

const renamed = ({ record, previous }: BehaviorContext) => {
  if (record.filename !== previous?.filename) assertPlainFilename(record.filename);
};

export function registerFileStorageBehavior(registry: BehaviorRegistry, storage: FileStorage, log: Log): void {
  const previews = createPreviewCache(storage);
  registry.register(FILE_STORAGE_BEHAVIOR, {
    auto: (model) => (model.fullName === FILE_MODEL ? {} : undefined),
    hooks: {
      beforeCreate: plainName,
      // An import's creates: the same check per record, so that they are written in batches.
      createMany: eachRecord(plainName),
      beforeUpdate: renamed,
      updateMany: eachUpdate(renamed),
      afterDeleteCommitted: async ({ previous }) => {
        const id = Number(previous?.id);
        try {
          await storage.delete(fileKey(id));
        } catch (error) {
          // The row is gone; bytes that could not be removed are only an orphan, never served.
          log.error({ err: error }, `The stored bytes of deleted file ${String(id)} could not be removed.`);
        }
        await previews.forget(id);
      },
    },
  });
}
