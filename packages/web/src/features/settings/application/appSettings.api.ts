import type { AppConfig } from '@mdis/shared';
import { api } from '../../../platform/api/apiClient';

export const appSettingsKeys = { all: () => ['user', 'app', 'settings'] as const };

export const appSettingsApi = {
  /** Every key with its default, the IGSN ones included (developer and up). */
  read: () => api.get<AppConfig>('app/settings'),
  /** Stores the changed keys; a 422 lists `[{ field, message }]`. */
  save: (changes: AppConfig) => api.post<AppConfig>('app/config', changes),
};
