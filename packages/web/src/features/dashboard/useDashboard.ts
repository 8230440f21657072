import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGET_UI_MESSAGES, type Widget, type WidgetCreate, type WidgetUpdate } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { reorderPayload, type BoardLists } from './board/boardLists';
import { dashboardKeys, widgetsApi } from './dashboard.api';

/** Shows the new arrangement at once; a failure warns 'could not reorder widgets' and reloads. */
function useReorder(reload: () => Promise<void>) {
  const queryClient = useQueryClient();
  const { warn } = useNotifications();
  return useCallback(
    async (lists: BoardLists) => {
      const places = reorderPayload(lists);
      const byId = new Map(places.map((place) => [place.id, place]));
      queryClient.setQueryData<Widget[]>(dashboardKeys.widgets(), (old) =>
        old?.map((widget) => ({ ...widget, ...byId.get(widget.id) })).sort((a, b) => a.order - b.order),
      );
      try {
        await widgetsApi.reorder(places);
      } catch {
        warn(WIDGET_UI_MESSAGES.reorder);
        await reload();
      }
    },
    [queryClient, warn, reload],
  );
}

/**
 * The dashboard's widgets and every change to them; a failure shows the original's notice ('could not
 * save widget settings.', 'could not reorder widgets', …: WIDGET_UI_MESSAGES, spec 2 §8).
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const { warn } = useNotifications();
  const query = useQuery({ queryKey: dashboardKeys.widgets(), queryFn: widgetsApi.list });
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: dashboardKeys.widgets() }), [queryClient]);

  const add = useCallback(
    async (body: WidgetCreate) => {
      try {
        await widgetsApi.create(body);
      } catch (error) {
        warn(errorMessage(error));
      }
      await reload();
    },
    [warn, reload],
  );

  /** Throws, like `save`: the settings dialog of a new widget shows a 422 at its fields. */
  const create = useCallback(
    async (body: WidgetCreate) => {
      await widgetsApi.create(body);
      await reload();
    },
    [reload],
  );

  const duplicate = useCallback(
    async (id: number) => {
      try {
        await widgetsApi.duplicate(id);
        await reload();
      } catch (error) {
        warn(WIDGET_UI_MESSAGES.duplicate(errorMessage(error)));
      }
    },
    [warn, reload],
  );

  const remove = useCallback(
    async (id: number) => {
      try {
        await widgetsApi.remove(id);
        await reload();
      } catch (error) {
        warn(WIDGET_UI_MESSAGES.delete(errorMessage(error)));
      }
    },
    [warn, reload],
  );

  /** Throws so the dialog can show a 422 at its fields; the caller warns otherwise. */
  const save = useCallback(
    async (id: number, body: WidgetUpdate) => {
      const saved = await widgetsApi.update(id, body);
      queryClient.setQueryData<Widget[]>(dashboardKeys.widgets(), (old) =>
        old?.map((widget) => (widget.id === id ? saved : widget)),
      );
    },
    [queryClient],
  );

  const reorder = useReorder(reload);

  return { query, add, create, duplicate, remove, save, reorder };
}
