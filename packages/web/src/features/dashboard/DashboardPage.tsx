import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import { useSessionContext } from '../../app/session/SessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';

export function DashboardPage() {
  const { user } = useSessionContext();
  return (
    <>
      <PageHeading title="Dashboard" />
      <EmptyState
        title={`Welcome${user?.profile.name ? `, ${user.profile.name}` : ''}`}
        icon={<DashboardCustomizeIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />}
      >
        Widgets arrive with the dashboard feature: project information, posts, messages of the day, the map of sites and
        holes, and charts.
      </EmptyState>
    </>
  );
}
