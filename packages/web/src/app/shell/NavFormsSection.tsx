import { NavLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { isReadOnly, type AuthUser } from '@mdis/shared';
import { appApi, appKeys, type FavoriteForm, type FormSummary } from '../api/app.api';

export interface NavFormsSectionProps {
  user: AuthUser;
  onNavigate?: () => void;
}

function formPath(form: { key: string }): string {
  return `/forms/${form.key}-form`;
}

function FormLinks({ forms, onNavigate }: { forms: Array<FormSummary | FavoriteForm>; onNavigate?: () => void }) {
  return forms.map((form) => (
    <ListItemButton
      key={`${form.module}/${form.key}`}
      component={NavLink}
      to={formPath(form)}
      onClick={onNavigate}
      sx={{ pl: 4 }}
    >
      <ListItemText primary={form.label || form.key} />
    </ListItemButton>
  ));
}

function Hint({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
      {children}
    </Typography>
  );
}

/** Favourite forms (not for read-only users) and the forms the server grants, grouped by module. */
export function NavFormsSection({ user, onNavigate }: NavFormsSectionProps) {
  const readOnly = isReadOnly(user.roles);
  const forms = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  const favorites = useQuery({
    queryKey: appKeys.userConfig('favorite-forms'),
    queryFn: appApi.favoriteForms,
    enabled: !readOnly,
  });
  const modules = Object.entries(forms.data ?? {}).filter(([, list]) => list.length > 0);

  return (
    <>
      {!readOnly && (
        <List subheader={<ListSubheader component="div">Favourites</ListSubheader>} dense>
          {favorites.data?.length ? (
            <FormLinks forms={favorites.data} onNavigate={onNavigate} />
          ) : (
            <Hint>No favourite forms yet</Hint>
          )}
        </List>
      )}
      <List subheader={<ListSubheader component="div">Forms</ListSubheader>} dense>
        {forms.isPending && <Hint>Loading forms…</Hint>}
        {forms.isError && <Hint>{`Forms could not be loaded: ${forms.error.message}`}</Hint>}
        {forms.isSuccess && modules.length === 0 && <Hint>No forms yet</Hint>}
        {modules.map(([module, list]) => (
          <li key={module}>
            <Typography variant="overline" color="text.secondary" sx={{ px: 2, display: 'block' }}>
              {module}
            </Typography>
            <List disablePadding dense>
              <FormLinks forms={list} onNavigate={onNavigate} />
            </List>
          </li>
        ))}
      </List>
    </>
  );
}
