import { useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';

export function FormPage() {
  const { formKey = '' } = useParams();
  return (
    <>
      <PageHeading title={formKey} />
      <EmptyState title="Data forms are not available yet">
        The form “{formKey}” cannot be opened: record forms and file management arrive with the forms feature.
      </EmptyState>
    </>
  );
}
