import {
  DEFAULT_APP_CONFIG,
  FAVORITE_FORMS_KEY,
  type AppConfig,
  type AppConfigKey,
  type ColumnAbilities,
} from '@mdis/shared';
import { api } from './apiClient';

type Widen<T> = T extends boolean ? boolean : T extends string ? string : T extends number ? number : T;
type ConfigValue = string | boolean | number;

/** The app config with every spec key present and of the default's type. */
export type ResolvedAppConfig = { [K in AppConfigKey]: Widen<(typeof DEFAULT_APP_CONFIG)[K]> } & AppConfig;

function coerce(value: unknown, fallback: ConfigValue): ConfigValue {
  if (typeof fallback === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
  }
  if (typeof fallback === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 1 || value === '1') return true;
    if (value === 'false' || value === 0 || value === '0') return false;
    return fallback;
  }
  return typeof value === 'string' ? value : fallback;
}

export function resolveAppConfig(raw: unknown): ResolvedAppConfig {
  const stored = (typeof raw === 'object' && raw !== null ? raw : {}) as AppConfig;
  const resolved: AppConfig = { ...stored };
  for (const [key, fallback] of Object.entries(DEFAULT_APP_CONFIG)) resolved[key] = coerce(stored[key], fallback);
  return resolved as ResolvedAppConfig;
}

export interface FormSummary {
  key: string;
  label: string;
  dataModel?: string;
  module: string;
  /** Facet search: the program and expedition ids the form belongs to; absent: all. */
  facetValues?: Partial<Record<'program' | 'expedition', number[]>>;
  /** The code generator made a specialised form module for it. */
  specialised?: boolean;
  /** Per field: whether the table may sort and filter by it (the server's SQL can). */
  columns?: Record<string, ColumnAbilities>;
}
export type FormsByModule = Record<string, FormSummary[]>;

/** A form's entry in the forms menu (app/forms), whatever its module. */
export function formSummaryOf(forms: FormsByModule | undefined, key: string): FormSummary | undefined {
  return Object.values(forms ?? {})
    .flat()
    .find((entry) => entry.key === key);
}

export interface FavoriteForm {
  module: string;
  key: string;
  label: string;
}

/** Query keys of the app area. The config key survives sign-out; the others belong to a user. */
export const appKeys = {
  config: () => ['app', 'config'] as const,
  forms: () => ['user', 'app', 'forms'] as const,
  userConfig: (name: string) => ['user', 'app', 'user-config', name] as const,
};

export const appApi = {
  config: async () => resolveAppConfig(await api.get<unknown>('app/config', undefined, { silentUnauthorized: true })),
  forms: () => api.get<FormsByModule>('app/forms'),
  favoriteForms: async (): Promise<FavoriteForm[]> => {
    const value = await api.get<unknown>(`app/user-config/${FAVORITE_FORMS_KEY}`).catch(() => null);
    return Array.isArray(value) ? (value as FavoriteForm[]) : [];
  },
};

/** The app config, loaded once: the session waits for it; a failure shows 'Error initializing'. */
export const appConfigQuery = {
  queryKey: appKeys.config(),
  queryFn: appApi.config,
  staleTime: Infinity,
  retry: false,
};

/** The forms the user may open, by module: the menu and every form screen read them. */
export const formsQuery = { queryKey: appKeys.forms(), queryFn: appApi.forms };
