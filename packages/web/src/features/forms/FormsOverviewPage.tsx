import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { hasRole } from '@mdis/shared';
import { appApi, appKeys } from '../../platform/api/app.api';
import { useSessionContext } from '../../platform/session/SessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { useFacetFormFilter } from '../facet-search/useFacetFormFilter';
import { SPECIALISED_FORMS } from './specialisedForms';

/** No form offered: a developer can make one; anyone else learns whom to ask. */
function NoForms() {
  const { user } = useSessionContext();
  const developer = Boolean(user && hasRole(user.roles, 'developer'));
  return (
    <EmptyState
      title="No forms yet"
      action={
        developer && (
          <Button variant="contained" component={RouterLink} to="/settings/templates-manager">
            Open the template manager
          </Button>
        )
      }
    >
      {developer
        ? 'Forms are made from data models in the template manager.'
        : 'No form is available to you. An administrator can give you access.'}
    </EmptyState>
  );
}

function Indicator({ specialised }: { specialised: boolean }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={specialised ? 'specialised form' : 'generic form'}
      data-indicator={specialised ? 'green' : 'red'}
      sx={{
        width: 12,
        height: 12,
        borderRadius: '50%',
        display: 'inline-block',
        bgcolor: specialised ? 'success.main' : 'error.main',
      }}
    />
  );
}

/** `/forms`: a card per form the user may open, grouped by module. */
export function FormsOverviewPage() {
  const forms = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  const offered = useFacetFormFilter();
  if (forms.isPending) return <PageLoading />;
  if (forms.isError) return <EmptyState title="Forms could not be loaded">{forms.error.message}</EmptyState>;
  const modules = Object.entries(forms.data)
    .map(([module, list]) => [module, list.filter(offered)] as const)
    .filter(([, list]) => list.length > 0);
  return (
    <>
      <PageHeading title="Forms" />
      {modules.length === 0 && <NoForms />}
      {modules.map(([module, list]) => (
        <Box key={module} component="section" aria-label={module} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {module}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
            {list.map((form) => (
              <Card key={form.key} variant="outlined">
                <CardActionArea component={RouterLink} to={`/forms/${form.key}-form`}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <Indicator specialised={form.specialised === true || SPECIALISED_FORMS.has(form.key)} />
                    <Box>
                      <Typography variant="subtitle1">{form.label || form.key}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {form.dataModel}
                      </Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
