import { AppError, type Message, type MessageBody, type MessageListQuery, MESSAGE_MESSAGES } from '@mdis/shared';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import {
  assertMayChangeAuthored,
  assertMayWrite,
  mayChangeAuthored,
  nowInSeconds,
  signatureOf,
} from '../../infra/auth/authorship';
import type { Db } from '../../infra/db/schema';
import { listMeta, pageWindow, parseSort } from '../../infra/http/list-query';
import { messageImageUrl, saveMessageImages } from './message-images';
import {
  MESSAGE_SORT_COLUMNS,
  type MessageImageRow,
  type MessageRow,
  type MessagesRepository,
} from './messages.repository';

function presenter(viewer: AuthenticatedUser, images: readonly MessageImageRow[]) {
  return (row: MessageRow): Message => ({
    id: row.id,
    date: row.date,
    message: row.message,
    images: images
      .filter((image) => image.message_id === row.id)
      .map((image) => ({ image_id: image.id, caption: image.caption, url: messageImageUrl(image.id) })),
    author: row.author,
    // pg answers bigint columns as strings.
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    canEdit: mayChangeAuthored(viewer, row.author_id),
  });
}

export function createMessagesService(db: Db, messages: MessagesRepository) {
  async function present(viewer: AuthenticatedUser, rows: MessageRow[]): Promise<Message[]> {
    const images = await messages.imagesOf(rows.map((row) => row.id));
    return rows.map(presenter(viewer, images));
  }

  async function findOrThrow(id: number): Promise<MessageRow> {
    const row = await messages.find(id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notFound);
    return row;
  }

  const presentOne = async (viewer: AuthenticatedUser, id: number): Promise<Message> =>
    (await present(viewer, [await findOrThrow(id)]))[0];

  return {
    /** `GET messages`: a page (the calendar's month by `filter[date][gt|lt]`, or the latest one). */
    async list(viewer: AuthenticatedUser, query: MessageListQuery) {
      const window = pageWindow(query);
      const { rows, total } = await messages.page({
        limit: window.limit,
        offset: window.offset,
        sort: parseSort(query.sort, MESSAGE_SORT_COLUMNS),
        after: query['filter[date][gt]'],
        before: query['filter[date][lt]'],
      });
      return { items: await present(viewer, rows), _meta: listMeta(window, total) };
    },

    get: presentOne,

    /** The Welcome dialog: the messages of one day. */
    forDay: async (viewer: AuthenticatedUser, date: string): Promise<Message[]> =>
      present(viewer, await messages.onDate(date)),

    async create(author: AuthenticatedUser, body: MessageBody): Promise<Message> {
      assertMayWrite(author);
      const at = nowInSeconds();
      const id = await db.transaction().execute(async (trx) => {
        const values = { date: body.date, message: body.message, author_id: author.id, author: signatureOf(author) };
        const messageId = await messages.insert({ ...values, created_at: at, updated_at: at }, trx);
        await saveMessageImages(messages, trx, messageId, body.images);
        return messageId;
      });
      return presentOne(author, id);
    },

    /** The author, a developer or an administrator: checked before the body is validated (plugin hook). */
    async assertMayChange(actor: AuthenticatedUser, id: number): Promise<void> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
    },

    /** Replaces the whole message model, images included (kept ones by image_id). */
    async update(actor: AuthenticatedUser, id: number, body: MessageBody): Promise<Message> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
      await db.transaction().execute(async (trx) => {
        await messages.update(id, { date: body.date, message: body.message, updated_at: nowInSeconds() }, trx);
        await saveMessageImages(messages, trx, id, body.images);
      });
      return presentOne(actor, id);
    },

    async delete(actor: AuthenticatedUser, id: number): Promise<void> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
      await messages.delete(id);
    },

    async image(id: number): Promise<{ mimeType: string; bytes: Buffer }> {
      const row = await messages.image(id);
      if (!row) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.imageUnknown);
      return { mimeType: row.mime_type, bytes: Buffer.from(row.data, 'base64') };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
