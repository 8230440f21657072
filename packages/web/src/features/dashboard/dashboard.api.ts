import type { Widget, WidgetCreate, WidgetReorder, WidgetUpdate } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

/** Under the 'user' prefix: removed when the signed-in user changes. */
export const dashboardKeys = {
  all: ['user', 'dashboard'] as const,
  widgets: () => [...dashboardKeys.all, 'widgets'] as const,
};

export const widgetsApi = {
  list: async () => (await api.get<{ items: Widget[] }>('widgets', { sort: 'order' })).items,
  create: (body: WidgetCreate) => api.post<Widget>('widgets', body),
  duplicate: (id: number) => api.post<Widget>(`widgets/duplicate/${String(id)}`),
  update: (id: number, body: WidgetUpdate) => api.put<Widget>(`widgets/${String(id)}`, body),
  remove: (id: number) => api.delete(`widgets/${String(id)}`),
  reorder: (places: WidgetReorder) => api.put<unknown>('widgets', places),
  /** The CSV text of a sample request's samples; a 422 carries the server's message. */
  samplesCsv: (requestNo: string, requestPart: string) =>
    api.get<string>('widgets/download-samples-as-csv', { requestNo, requestPart }),
};
