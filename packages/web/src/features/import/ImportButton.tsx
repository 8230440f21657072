import UploadFileIcon from '@mui/icons-material/DriveFolderUpload';
import { hasRole, isReadOnly } from '@mdis/shared';
import type { FormToolbarActionProps } from '../../engine/toolbar/FormToolbarExtensions';
import { ToolbarAction } from '../../engine/toolbar/ToolbarAction';
import { useSessionContext } from '../../platform/session/SessionContext';
import { importPathOf } from './importRoute';

/** The form toolbar's "Import", for operators and above and for holders of the form's edit permission. */
export function ImportButton({ form, canEdit, disabled }: FormToolbarActionProps) {
  const roles = useSessionContext().user?.roles ?? [];
  const allowed = canEdit || (hasRole(roles, 'operator') && !isReadOnly(roles));
  if (!allowed) return null;
  return (
    <ToolbarAction
      to={importPathOf(form.name)}
      icon={<UploadFileIcon />}
      disabled={disabled}
      title="Import a CSV, XLSX or JSON file into this form"
    >
      Import
    </ToolbarAction>
  );
}
ImportButton.displayName = 'ImportButton';
