import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import TuneIcon from '@mui/icons-material/Tune';
import type { FormTemplate } from '@mdis/shared';
import { helpUrl } from '../../platform/help/helpUrl';
import { FilterBar } from '../filter-bar/FilterBar';
import type { FilterSelection } from '../filter-bar/filterCascade';
import { FORM_SHORTCUTS } from '../shortcuts/shortcuts';
import { SECTION_IDS } from './focusSections';

export interface FilterSectionProps {
  form: FormTemplate;
  selection: FilterSelection;
  onChange: (next: FilterSelection) => void;
  requiredErrors: string[];
  disabled: boolean;
  filterByValueShown: boolean;
  activeValueFilters: number;
  onToggleFilterByValue: () => void;
  onOpenFilterByValue: () => void;
  helpBase: string;
}

/** The filter bar with the filter-by-value controls and the form's help link. */
export function FilterSection(props: FilterSectionProps) {
  const { form, filterByValueShown, activeValueFilters } = props;
  const toggleLabel = filterByValueShown ? 'Hide filter by value' : 'Show filter by value';
  return (
    <Paper id={SECTION_IDS.filter} tabIndex={-1} variant="outlined" sx={{ p: 1.5 }} aria-label="Filter">
      {/* a phone: the selects take the full width, the buttons a row below them */}
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 'auto' } }}>
          <FilterBar
            form={form}
            selection={props.selection}
            onChange={props.onChange}
            requiredErrors={props.requiredErrors}
            disabled={props.disabled}
          />
        </Box>
        <Tooltip title={`${toggleLabel} (${FORM_SHORTCUTS.toggleFilterByValue.keys})`}>
          <IconButton aria-label={toggleLabel} aria-pressed={filterByValueShown} onClick={props.onToggleFilterByValue}>
            {filterByValueShown ? <FilterAltOffIcon /> : <FilterAltIcon />}
          </IconButton>
        </Tooltip>
        <Button
          startIcon={
            <Badge badgeContent={activeValueFilters} color="primary">
              <TuneIcon />
            </Badge>
          }
          onClick={props.onOpenFilterByValue}
          title={`Filter by value (${FORM_SHORTCUTS.openFilterByValue.keys})`}
        >
          Filter by value
        </Button>
        <Tooltip title="Help">
          <IconButton
            aria-label="Help"
            component="a"
            href={helpUrl(props.helpBase, form.name)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Paper>
  );
}
