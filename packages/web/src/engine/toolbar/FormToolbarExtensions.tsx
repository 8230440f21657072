import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { FormTemplate } from '@mdis/shared';

/** What a toolbar action of another area is told about the form it sits in. */
export interface FormToolbarActionProps {
  form: FormTemplate;
  /** The form's edit permission (never for a read-only user). */
  canEdit: boolean;
  /** True while a record is being edited or created: actions wait until it is saved or cancelled. */
  disabled: boolean;
}

/**
 * Extension point: buttons other areas add to every generic form's toolbar (the import screen's
 * "Import"). The engine knows no feature; the app's composition root provides them.
 */
export type FormToolbarAction = ComponentType<FormToolbarActionProps>;

const NONE: readonly FormToolbarAction[] = [];
const FormToolbarExtensionsContext = createContext<readonly FormToolbarAction[]>(NONE);

export function FormToolbarExtensionsProvider({
  actions,
  children,
}: {
  actions: readonly FormToolbarAction[];
  children: ReactNode;
}) {
  return <FormToolbarExtensionsContext.Provider value={actions}>{children}</FormToolbarExtensionsContext.Provider>;
}

export function useFormToolbarExtensionsContext(): readonly FormToolbarAction[] {
  return useContext(FormToolbarExtensionsContext);
}
