import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { canUseForm, hasRole, type ColumnTemplate, type FormTemplate } from '@mdis/shared';
import { isApiError } from '../../platform/api/ApiError';
import { useSessionContext } from '../../platform/session/SessionContext';
import { recordKeys, recordsApi, type FormRecord, type ListParams, type RecordList } from '../api/records.api';
import type { FilterSelection } from '../filter-bar/filterCascade';
import type { FormRoute, RouteUpdate } from './formScreenRoute';
import type { FormScreenState } from './formScreenReducer';
import { recordNavigation } from './recordNavigation';
import { useConfirm } from './useConfirm';
import { useFormExtras } from './useFormExtras';
import { useFormScreenStore, useRememberFormState, type FormScreenDispatch } from './useFormScreenStore';
import { useLeaveGuard, type LeaveGuard } from './useLeaveGuard';
import { useRecordActions, type RecordActions } from './useRecordActions';
import { useRecordList, useTableView, type TableView } from './useRecordList';
import { useDeepLinkFilter } from './useDeepLinkFilter';
import { useParentRecord } from './useParentRecord';
import type { ParentRecord } from '../record-panel';

export interface FormScreenContextValue {
  form: FormTemplate;
  canEdit: boolean;
  canUpload: boolean;
  /** Administrators and developers see the '# id' column. */
  showId: boolean;
  state: FormScreenState;
  dispatch: FormScreenDispatch;
  list: UseQueryResult<RecordList>;
  params: ListParams;
  /** The saved current record; null when none is selected or it could not be loaded. */
  record: FormRecord | null;
  /** The URL names a record the server does not have (or does not show this user). */
  recordMissing: boolean;
  columns?: Readonly<Record<string, ColumnTemplate>>;
  /** The parent of the record being edited or created, once loaded: its formulas read it. */
  parent?: ParentRecord;
  tableView: TableView;
  setTableView: (update: (current: TableView) => TableView) => void;
  actions: RecordActions;
  navigation: ReturnType<typeof recordNavigation>;
  extras: ReturnType<typeof useFormExtras>;
  confirmation: ReturnType<typeof useConfirm>;
  guard: LeaveGuard;
}

const FormScreenContext = createContext<FormScreenContextValue | null>(null);

/** The form screen's state and actions, for the toolbar, panel, table and filter bar. */
export function useFormScreen(): FormScreenContextValue {
  const value = useContext(FormScreenContext);
  if (!value) throw new Error('useFormScreen is used outside a FormScreenProvider');
  return value;
}

export interface FormScreenProviderProps {
  form: FormTemplate;
  route: FormRoute;
  onRouteChange: (next: RouteUpdate) => void;
  initialFilter: FilterSelection | null;
  children: ReactNode;
}

/** One form screen's state (URL + local), its list, its current record and its actions. */
export function FormScreenProvider({ form, route, onRouteChange, initialFilter, children }: FormScreenProviderProps) {
  const { user } = useSessionContext();
  const holder = user ?? { roles: [], permissions: [] };
  const canEdit = canUseForm(holder, form.name, 'edit');
  const { state, dispatch, getState } = useFormScreenStore({
    formName: form.name,
    route,
    onRouteChange,
    initialFilter,
  });
  const { list, params } = useRecordList(form, state, dispatch);
  useRememberFormState(form.name, state, list.isSuccess && !list.isPlaceholderData);
  const [tableView, setTableView] = useTableView(form.name);

  const { selectedId } = state;
  const listRow = list.data?.items.find((item) => Number(item.id) === selectedId);
  const detail = useQuery({
    queryKey: recordKeys.detail(form.name, selectedId ?? 0),
    queryFn: () => recordsApi.get(form.name, selectedId ?? 0),
    enabled: selectedId !== null,
    placeholderData: listRow,
    retry: false,
  });
  const record = selectedId === null || detail.isError ? null : (detail.data ?? null);
  const recordMissing = detail.isError && isApiError(detail.error) && [403, 404].includes(detail.error.status);
  useDeepLinkFilter(form, route, record, state, dispatch);

  const extras = useFormExtras(form, record);
  const columns = extras.model?.columns;
  // loaded for editors before alt+shift+n, so a new record's depths count from its hole at once
  const parent = useParentRecord(form, extras.model, state.draft ?? record, state.filter, canEdit);
  const confirmation = useConfirm();
  const actions = useRecordActions({
    form,
    columns,
    parent,
    state,
    getState,
    dispatch,
    record,
    canEdit,
    confirm: confirmation.confirm,
  });
  const guard = useLeaveGuard(state.dirty, actions.save, actions.cancel);
  const navigation = recordNavigation(state, list.data, dispatch);

  const value: FormScreenContextValue = {
    form,
    canEdit,
    canUpload: hasRole(holder.roles, 'operator'),
    showId: hasRole(holder.roles, 'developer'),
    state,
    dispatch,
    list,
    params,
    record,
    recordMissing,
    columns,
    parent,
    tableView,
    setTableView,
    actions,
    navigation,
    extras,
    confirmation,
    guard,
  };
  return <FormScreenContext.Provider value={value}>{children}</FormScreenContext.Provider>;
}
