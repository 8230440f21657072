import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';

export function ResetPasswordPage() {
  return (
    <>
      <PageHeading title="Reset password" />
      <EmptyState title="Password recovery is not available yet">
        Resetting a password from an e-mailed link arrives with a later version, so this link cannot be checked. An
        administrator can set a new password in User Management.{' '}
        <Link component={RouterLink} to="/login">
          Go to login
        </Link>
      </EmptyState>
    </>
  );
}
