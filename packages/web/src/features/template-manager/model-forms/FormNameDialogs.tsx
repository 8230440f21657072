import { isApiError } from '../../../platform/api/ApiError';
import { failureText } from '../useTemplateMutations';
import { FormNameDialog } from './FormNameDialog';
import { useDuplicateForm, useRenameForm } from './useFormMutations';

export interface NameDialog {
  kind: 'duplicate' | 'rename';
  name: string;
}

/** The duplicate failure of spec 3 §8: a 422 as 'Validation Error' lines, else the fixed message. */
function duplicateFailure(error: unknown, newName: string): string {
  if (isApiError(error) && error.status === 422) return failureText(error, '');
  return `error: cannot create form duplicate ${newName}.`;
}

/** Duplicate or rename a form under a new (kebab-case) name. */
export function FormNameDialogs({ dialog, onClose }: { dialog: NameDialog; onClose: () => void }) {
  const duplicate = useDuplicateForm(onClose);
  const rename = useRenameForm(onClose);
  if (dialog.kind === 'duplicate')
    return (
      <FormNameDialog
        title={`Duplicate ${dialog.name}`}
        confirmLabel="Duplicate"
        busy={duplicate.isPending}
        failure={duplicate.isError ? duplicateFailure(duplicate.error, duplicate.variables.newName) : null}
        onConfirm={(newName) => duplicate.mutate({ name: dialog.name, newName })}
        onClose={onClose}
      />
    );
  return (
    <FormNameDialog
      title={`Rename ${dialog.name}`}
      confirmLabel="Rename"
      busy={rename.isPending}
      failure={rename.isError ? failureText(rename.error, 'error: cannot rename form') : null}
      onConfirm={(newName) => rename.mutate({ name: dialog.name, newName })}
      onClose={onClose}
    />
  );
}
