import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';

export function FilesUploadPage() {
  return (
    <>
      <PageHeading title="File Upload" />
      <EmptyState title="File upload is not available yet">
        Uploading files and assigning them to records arrive with the files feature.
      </EmptyState>
    </>
  );
}
