import { storeUser } from '../../platform/session/userStorage';
import { OfflineDb, setOfflineDbForTests } from './offlineDb';

/** A signed-in user (the offline store keeps each user's records apart). */
export const signInAs = (username: string) =>
  storeUser({
    id: 1,
    username,
    email: '',
    token: 't',
    roles: [],
    permissions: [],
    profile: { name: username, email: '' },
  });

/** Tests of the offline store: a signed-in user and a fresh IndexedDB (fake-indexeddb) of their own. */
export function openTestOfflineDb(): OfflineDb {
  signInAs('ann');
  const db = new OfflineDb(`test-${crypto.randomUUID()}`);
  setOfflineDbForTests(db);
  return db;
}

/** Signs the user out and deletes the test's database. */
export async function closeTestOfflineDb(db: OfflineDb): Promise<void> {
  storeUser(null);
  await db.delete();
}
