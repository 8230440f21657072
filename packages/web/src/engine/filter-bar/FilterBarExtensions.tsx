import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { FormTemplate } from '@mdis/shared';
import type { FilterSelection } from './filterCascade';

/** What a filter-bar action of another area is told: the form and the records chosen in the bar. */
export interface FilterBarActionProps {
  form: FormTemplate;
  selection: FilterSelection;
  /** True while a record is being edited or created. */
  disabled: boolean;
}

/**
 * Extension point: actions other areas add beside every generic form's filter bar (offline work's
 * "Keep offline"). The engine knows no feature; the app's composition root provides them.
 */
export type FilterBarAction = ComponentType<FilterBarActionProps>;

const NONE: readonly FilterBarAction[] = [];
const FilterBarExtensionsContext = createContext<readonly FilterBarAction[]>(NONE);

export function FilterBarExtensionsProvider({
  actions,
  children,
}: {
  actions: readonly FilterBarAction[];
  children: ReactNode;
}) {
  return <FilterBarExtensionsContext.Provider value={actions}>{children}</FilterBarExtensionsContext.Provider>;
}

export function useFilterBarExtensionsContext(): readonly FilterBarAction[] {
  return useContext(FilterBarExtensionsContext);
}

/** The actions other areas added, each told the form and the chosen records. */
export function FilterBarActions(props: FilterBarActionProps) {
  const actions = useFilterBarExtensionsContext();
  return actions.map((Action) => <Action key={Action.displayName ?? Action.name} {...props} />);
}
