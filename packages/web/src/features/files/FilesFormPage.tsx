import { useParams } from 'react-router';
import { canUseForm } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { FILES_FORM_PATH } from '../../engine/toolbar/recordFiles';
import { TemplateForm } from '../forms/FormPage';
import { FileRecordAddon } from './FileRecordAddon';

export const FILES_FORM_NAME = 'files';

/** `/forms/files-form[/{id}]`: the generic form over ArchiveFile plus preview, download and unassign. */
export function FilesFormPage() {
  const { id } = useParams();
  const { user } = useSessionContext();
  const canEdit = canUseForm(user ?? { roles: [], permissions: [] }, FILES_FORM_NAME, 'edit');
  return (
    <TemplateForm
      formName={FILES_FORM_NAME}
      basePath={FILES_FORM_PATH}
      id={id}
      renderRecordAddon={(record) => <FileRecordAddon record={record} canEdit={canEdit} />}
    />
  );
}
