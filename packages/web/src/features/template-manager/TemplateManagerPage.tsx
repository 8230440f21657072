import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';

export function TemplateManagerPage() {
  return (
    <>
      <PageHeading title="Template Manager" />
      <EmptyState title="The template manager is not available yet">
        Defining data models and forms, and uploading mDIS template files, arrive with the template manager feature.
      </EmptyState>
    </>
  );
}
