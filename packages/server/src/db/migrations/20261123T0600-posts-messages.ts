import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Dashboard posts and messages of the day (spec 2 §3). `created_at`/`updated_at` are epoch
// seconds here: the API sends posts' created_at in seconds, as the original does. The author's
// name is copied at write time so a post keeps its signature after the account is deleted
// (author_id then becomes NULL). Message images live in their own table so that listing a month
// of messages never reads image bytes; `data` is base64 text, portable across both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('posts'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author', 'varchar(255)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_created_at_idx').on('posts').columns(['created_at', 'id']).execute();

  await withIdColumn(db, db.schema.createTable('messages'))
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('messages_date_idx').on('messages').columns(['date', 'id']).execute();

  await withIdColumn(db, db.schema.createTable('message_images'))
    .addColumn('message_id', 'integer', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('caption', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('message_images_message_idx')
    .on('message_images')
    .columns(['message_id', 'position'])
    .execute();
}
