import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_FORMS_KEY, FAVORITE_FORMS_SAVE_DEBOUNCE_MS } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';
import { appApi, appKeys, type FavoriteForm } from '../../platform/api/app.api';
import { useNotifications } from '../../platform/notifications/NotificationsContext';

const sameForm = (a: FavoriteForm, b: FavoriteForm) => a.key === b.key && a.module === b.module;

/**
 * The user's favourite forms: starred and ordered in the drawer, saved to the user config
 * `favorite-forms` once the user has stopped changing them for a second.
 */
export function useFavoriteForms(enabled: boolean) {
  const queryClient = useQueryClient();
  const { warn } = useNotifications();
  const query = useQuery({ queryKey: appKeys.userConfig(FAVORITE_FORMS_KEY), queryFn: appApi.favoriteForms, enabled });
  const [edited, setEdited] = useState<FavoriteForm[] | null>(null);
  const favorites = edited ?? query.data ?? [];
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: FavoriteForm[]) => {
      setEdited(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        api
          .post(`app/user-config`, { [FAVORITE_FORMS_KEY]: next })
          .then(() => {
            queryClient.setQueryData(appKeys.userConfig(FAVORITE_FORMS_KEY), next);
          })
          .catch((error: unknown) => {
            warn(error instanceof Error ? error.message : String(error));
          });
      }, FAVORITE_FORMS_SAVE_DEBOUNCE_MS);
    },
    [queryClient, warn],
  );

  const isFavorite = (form: FavoriteForm) => favorites.some((f) => sameForm(f, form));
  // the same function while the list changes: the drawer's memoised form links take it
  const latest = useRef(favorites);
  useLayoutEffect(() => {
    latest.current = favorites;
  });
  const toggle = useCallback(
    (form: FavoriteForm) => {
      const { module, key, label } = form;
      const list = latest.current;
      change(
        list.some((f) => sameForm(f, form))
          ? list.filter((f) => !sameForm(f, form))
          : [...list, { module, key, label }],
      );
    },
    [change],
  );
  /** Moves the favourite at `from` to `to` (dragged, or moved up/down by one). */
  const moveTo = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || from >= favorites.length || to >= favorites.length) return;
    const next = [...favorites];
    next.splice(to, 0, ...next.splice(from, 1));
    change(next);
  };
  const move = (index: number, by: -1 | 1) => moveTo(index, index + by);
  return { favorites, isFavorite, toggle, move, moveTo };
}
