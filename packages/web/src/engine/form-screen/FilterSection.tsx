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
import { Suspense, memo, useCallback } from 'react';
import type { ColumnTemplate, FormTemplate } from '@mdis/shared';
import { helpUrl } from '../../platform/help/helpUrl';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { useSessionContext } from '../../platform/session/SessionContext';
import { BatchFilterChip } from '../filter-bar/BatchFilterChip';
import { FilterBar } from '../filter-bar/FilterBar';
import { FilterBarActions } from '../filter-bar/FilterBarExtensions';
import type { FilterSelection } from '../filter-bar/filterCascade';
import { FORM_SHORTCUTS } from '../shortcuts/shortcuts';
import type { ValueFilterField } from '../filter-bar/FilterByValueDialog';
import { useFormScreen } from './FormScreenContext';
import { sameProps } from './sameProps';
import type { FormScreenDispatch } from './useFormScreenStore';
import { SECTION_IDS } from './focusSections';

// The chips parse the expressions as the server does, with the filter language and its regex
// engine (re2js, 46 kB gzip): loaded when there is a filter by value, not with every form.
const ValueFilterChips = lazyPage(() => import('../filter-bar/ValueFilterChips'), 'ValueFilterChips');

export interface FilterSectionProps {
  onToggleFilterByValue: () => void;
  onOpenFilterByValue: () => void;
}

/** The filter bar with the filter-by-value controls, the active by-value filters and the form's help link. */
export function FilterSection(props: FilterSectionProps) {
  const { form, state, dispatch, actions, extras, tableView } = useFormScreen();
  return (
    <FilterSectionView
      {...props}
      form={form}
      filter={state.filter}
      valueFilters={state.valueFilters}
      disabled={state.scenario !== 'view'}
      requiredErrors={actions.requiredErrors}
      searchable={extras.searchable}
      columns={extras.model?.columns}
      filterByValueShown={tableView.showColumnFilters}
      dispatch={dispatch}
    />
  );
}

interface FilterSectionViewProps extends FilterSectionProps, FilterActionsProps {
  filter: FilterSelection;
  requiredErrors: string[];
  searchable: ValueFilterField[];
  columns: Readonly<Record<string, ColumnTemplate>> | undefined;
  dispatch: FormScreenDispatch;
}

// not rendered again when the list arrives or a page or sort is chosen: its selects are costly
const FilterSectionView = memo(function FilterSectionView(props: FilterSectionViewProps) {
  const { form, filter, valueFilters, disabled, requiredErrors, searchable, columns, dispatch } = props;
  const onChange = useCallback((next: FilterSelection) => dispatch({ type: 'filter', filter: next }), [dispatch]);
  const activeValueFilters = Object.keys(valueFilters).length;
  return (
    <Paper id={SECTION_IDS.filter} tabIndex={-1} variant="outlined" sx={{ p: 1.5 }} aria-label="Filter">
      {/* The selects take what the actions leave (a phone: the full width); the actions are one
          cluster that moves below the selects rather than being squeezed over them, and Help stays
          beside Filter by value, never alone on a row. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 480px', minWidth: 0 }}>
          <FilterBar
            form={form}
            selection={filter}
            onChange={onChange}
            requiredErrors={requiredErrors}
            disabled={disabled}
          />
          <BatchFilterChip selection={filter} onChange={onChange} disabled={disabled} />
          {activeValueFilters > 0 && (
            <Suspense fallback={null}>
              <ValueFilterChips
                fields={searchable}
                columns={columns}
                value={valueFilters}
                onChange={(next) => dispatch({ type: 'valueFilters', valueFilters: next })}
              />
            </Suspense>
          )}
        </Box>
        <FilterActions {...props} />
      </Box>
    </Paper>
  );
}, sameProps);

interface FilterActionsProps extends FilterSectionProps {
  form: FormTemplate;
  filter: FilterSelection;
  valueFilters: Record<string, string>;
  disabled: boolean;
  filterByValueShown: boolean;
}

/** Keep offline and the other areas' actions, the filter-by-value toggle and button, and Help. */
function FilterActions(props: FilterActionsProps) {
  const { form, filter, valueFilters, disabled, filterByValueShown } = props;
  const { config } = useSessionContext();
  const activeValueFilters = Object.keys(valueFilters).length;
  const toggleLabel = filterByValueShown ? 'Hide filter by value' : 'Show filter by value';
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 0.5,
        flex: '0 1 auto',
        ml: 'auto',
      }}
    >
      <FilterBarActions form={form} selection={filter} disabled={disabled} />
      <Tooltip title={`${toggleLabel} (${FORM_SHORTCUTS.toggleFilterByValue.keys})`}>
        <IconButton aria-label={toggleLabel} aria-pressed={filterByValueShown} onClick={props.onToggleFilterByValue}>
          {filterByValueShown ? <FilterAltOffIcon /> : <FilterAltIcon />}
        </IconButton>
      </Tooltip>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap' }}>
        <Button
          startIcon={
            <Badge badgeContent={activeValueFilters} color="primary">
              <TuneIcon />
            </Badge>
          }
          onClick={props.onOpenFilterByValue}
          title={`Filter by value (${FORM_SHORTCUTS.openFilterByValue.keys})`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Filter by value
        </Button>
        <Tooltip title="Help">
          <IconButton
            aria-label="Help"
            component="a"
            href={helpUrl(config.HelpBaseUrl, form.name)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
