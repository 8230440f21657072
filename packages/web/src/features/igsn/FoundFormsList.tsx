import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { foundFormLabel, type FoundForm } from './foundForms';

export interface FoundFormsListProps {
  forms: readonly FoundForm[];
  /** Called when a link is followed (the scanner dialog closes). */
  onFollow?: () => void;
}

/** The records a code matched, each a link 'name@id, info' to its form with the filter set. */
export function FoundFormsList({ forms, onFollow }: FoundFormsListProps) {
  return (
    <List aria-label="found records" dense>
      {forms.map((found) => (
        <ListItemButton key={`${found.formName}@${found.id}`} component={RouterLink} to={found.path} onClick={onFollow}>
          <ListItemText primary={foundFormLabel(found)} />
        </ListItemButton>
      ))}
    </List>
  );
}
