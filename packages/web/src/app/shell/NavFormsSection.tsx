import { startTransition, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { isReadOnly, type AuthUser } from '@mdis/shared';
import { appApi, appKeys } from '../../platform/api/app.api';
import { useFacetFormFilter } from '../../features/facet-search/useFacetFormFilter';
import { FavoriteFormsList, useFavoritesDragging } from './FavoriteFormsList';
import { favoriteLabel } from './favoriteForm';
import { NavFormLink } from './NavFormLink';
import { useFavoriteForms } from './useFavoriteForms';

export interface NavFormsSectionProps {
  user: AuthUser;
  onNavigate?: () => void;
}

function Hint({ children }: { children: string }) {
  return (
    <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
      {children}
    </Typography>
  );
}

/** Narrows the long list of forms as one types; Escape clears it. */
function FormSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <li>
      {/* the input alone, not a TextField: TextField brings Select and its menus into every first visit */}
      <Box sx={{ px: 2, pb: 1 }}>
        <OutlinedInput
          size="small"
          fullWidth
          placeholder="Search forms"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onChange('');
          }}
          slotProps={{ input: { 'aria-label': 'Search forms' } }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </Box>
    </li>
  );
}

/** Case-insensitive 'contains' on a form's label or module; an empty search matches everything. */
function formMatcher(search: string): (text: string) => boolean {
  const needle = search.trim().toLowerCase();
  return (text) => needle === '' || text.toLowerCase().includes(needle);
}

/** Favourite forms (starred, ordered; not for read-only users) and the forms the server grants, by module. */
export function NavFormsSection({ user, onNavigate }: NavFormsSectionProps) {
  const readOnly = isReadOnly(user.roles);
  const forms = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  // The links (about 450 elements for the demo's forms) render just after the page they were opened
  // with, in a render of their own that yields to it: on a first visit or a reload they were a
  // quarter of the render that puts up a form's first rows.
  const [linksDue, setLinksDue] = useState(false);
  useEffect(() => startTransition(() => setLinksDue(true)), []);
  const listed = linksDue ? forms.data : undefined;
  const favorites = useFavoriteForms(!readOnly);
  const dragging = useFavoritesDragging();
  const reach = readOnly ? undefined : dragging.reach;
  const offered = useFacetFormFilter();
  const [search, setSearch] = useState('');
  const matches = formMatcher(search);
  const offeredModules = Object.entries(listed ?? {})
    .map(([module, list]) => [module, list.filter(offered)] as const)
    .filter(([, list]) => list.length > 0);
  const modules = offeredModules
    .map(
      ([module, list]) =>
        [module, matches(module) ? list : list.filter((form) => matches(favoriteLabel(form)))] as const,
    )
    .filter(([, list]) => list.length > 0);

  return (
    <div onPointerEnter={reach} onTouchStart={reach} onFocus={reach}>
      {!readOnly && (
        <FavoriteFormsList
          favorites={favorites}
          onNavigate={onNavigate}
          dragReady={dragging.ready}
          focusLabel={dragging.focusLabel}
        />
      )}
      <List subheader={<ListSubheader component="li">Forms</ListSubheader>} dense>
        {forms.isPending && <Hint>Loading forms…</Hint>}
        {forms.isError && <Hint>{`Forms could not be loaded: ${forms.error.message}`}</Hint>}
        {listed && offeredModules.length > 0 && <FormSearch value={search} onChange={setSearch} />}
        {listed && offeredModules.length === 0 && <Hint>No forms yet</Hint>}
        {offeredModules.length > 0 && modules.length === 0 && <Hint>{`No form matches '${search}'`}</Hint>}
        {modules.map(([module, list]) => (
          <li key={module}>
            <Typography variant="overline" color="text.secondary" sx={{ px: 2, display: 'block' }}>
              {module}
            </Typography>
            <List disablePadding dense>
              {list.map((form) => (
                <NavFormLink
                  key={`${form.module}/${form.key}`}
                  form={form}
                  favorite={readOnly ? undefined : favorites.isFavorite(form)}
                  onToggleFavorite={favorites.toggle}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </li>
        ))}
      </List>
    </div>
  );
}
