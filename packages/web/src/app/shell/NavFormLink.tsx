import { memo } from 'react';
import { NavLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { FavoriteForm } from '../../platform/api/app.api';
import { favoriteLabel, formPath } from './favoriteForm';

export interface NavFormLinkProps {
  form: FavoriteForm;
  /** Whether the star is on; undefined: no star (read-only users keep no favourites). */
  favorite?: boolean;
  /** The same function for the drawer's life, so that starring one form renders only that link again. */
  onToggleFavorite?: (form: FavoriteForm) => void;
  onNavigate?: () => void;
}

/**
 * One form of the drawer's list. Memoised: there are dozens of them, each some thirty components,
 * and the drawer renders again when the favourites, the facet search or the search box change.
 */
export const NavFormLink = memo(function NavFormLink({
  form,
  favorite,
  onToggleFavorite,
  onNavigate,
}: NavFormLinkProps) {
  const label = favoriteLabel(form);
  const star = favorite !== undefined && onToggleFavorite && (
    <IconButton
      edge="end"
      size="small"
      aria-label={favorite ? `Remove ${label} from favourites` : `Add ${label} to favourites`}
      aria-pressed={favorite}
      onClick={() => onToggleFavorite(form)}
    >
      {favorite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
    </IconButton>
  );
  return (
    <ListItem disablePadding secondaryAction={star || undefined}>
      <ListItemButton component={NavLink} to={formPath(form)} onClick={onNavigate} sx={{ pl: 4 }}>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
});
