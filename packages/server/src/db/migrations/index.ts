import type { Migration } from 'kysely';
import * as usersAndTokens from './20261122T0100-users-and-tokens';
import * as configAndLoginAttempts from './20261122T0110-config-and-login-attempts';
import * as templates from './20261122T0200-templates';
import * as valueLists from './20261122T0210-value-lists';
import * as igsnRegistry from './20261123T0300-igsn-registry';
import * as widgets from './20261123T0400-widgets';
import * as postsMessages from './20261123T0600-posts-messages';
import * as passwordRecovery from './20261123T0610-password-recovery';
import * as sampleSeries from './20261123T0700-sample-series';
import * as generatedFiles from './20261125T2000-generated-files';
import * as loginCounters from './20261125T2010-login-counters';
import * as dataMigrations from './20261125T2100-data-migrations';
import * as recordCounts from './20261125T2300-record-counts';
import * as recordHistory from './20261126T0000-record-history';
import * as imports from './20261126T0200-import';
import * as offlineSync from './20261126T0300-offline-sync';
import * as linkHistory from './20261126T0400-link-history';
import * as mdisV3Migration from './20261126T0500-mdis-v3-migration';
import * as deletedSearchIndex from './20261127T0100-deleted-search-index';
import * as userConfirmation from './20261127T0400-user-confirmation';
import * as shippedIndexes from './20261128T0400-shipped-indexes';
import * as historyInsertStatement from './20261128T2200-history-insert-statement';
import * as setAsideIndexes from './20261128T2300-set-aside-indexes';
import * as unfinishedImports from './20261129T0100-unfinished-imports';

/** Every system-table migration, in order. Forward-only: a released migration is never edited. */
export const MIGRATIONS: Record<string, Migration> = {
  '20261122T0100-users-and-tokens': usersAndTokens,
  '20261122T0110-config-and-login-attempts': configAndLoginAttempts,
  '20261122T0200-templates': templates,
  '20261122T0210-value-lists': valueLists,
  '20261123T0300-igsn-registry': igsnRegistry,
  '20261123T0400-widgets': widgets,
  '20261123T0600-posts-messages': postsMessages,
  '20261123T0610-password-recovery': passwordRecovery,
  '20261123T0700-sample-series': sampleSeries,
  '20261125T2000-generated-files': generatedFiles,
  '20261125T2010-login-counters': loginCounters,
  '20261125T2100-data-migrations': dataMigrations,
  '20261125T2300-record-counts': recordCounts,
  '20261126T0000-record-history': recordHistory,
  '20261126T0200-import': imports,
  '20261126T0300-offline-sync': offlineSync,
  '20261126T0400-link-history': linkHistory,
  '20261126T0500-mdis-v3-migration': mdisV3Migration,
  '20261127T0100-deleted-search-index': deletedSearchIndex,
  '20261127T0400-user-confirmation': userConfirmation,
  '20261128T0400-shipped-indexes': shippedIndexes,
  '20261128T2200-history-insert-statement': historyInsertStatement,
  '20261128T2300-set-aside-indexes': setAsideIndexes,
  '20261129T0100-unfinished-imports': unfinishedImports,
};
