import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FormTemplate } from '@mdis/shared';
import { recordKeys, recordsApi, type FilterOption } from '../api/records.api';
import {
  changeFilter,
  filterListRequests,
  orderedFilters,
  pruneSelection,
  type FilterEntry,
  type FilterSelection,
} from './filterCascade';
import { WaitingFilterSelect } from './WaitingFilterSelect';

export const FILTER_REQUIRED_MESSAGE = 'This field is required';

export interface FilterBarProps {
  form: FormTemplate;
  selection: FilterSelection;
  onChange: (next: FilterSelection) => void;
  /** Filter keys to mark with 'This field is required' (after a refused New). */
  requiredErrors?: string[];
  disabled?: boolean;
}

/** 'expedition' → 'Expedition', 'sectionSplit' and 'section-split' → 'Section Split' (never the bare key). */
export function filterLabel(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function optionText(option: FilterOption): string {
  const { text } = option;
  return typeof text === 'string' || typeof text === 'number' ? String(text) : '';
}

interface FilterSelectProps {
  entry: FilterEntry;
  options: FilterOption[] | undefined;
  value: number | string | undefined;
  loading: boolean;
  error: boolean;
  disabled: boolean;
  onSelect: (value: number | string | null) => void;
}

// a phone: one select per row, full width
const SELECT_SX = { minWidth: 180, flex: { xs: '1 1 100%', sm: '1 1 180px' }, maxWidth: { xs: 'none', sm: 320 } };

function FilterSelect({ entry, options, value, loading, error, disabled, onSelect }: FilterSelectProps) {
  const label = filterLabel(entry.key);
  const helperText = error ? FILTER_REQUIRED_MESSAGE : undefined;
  // no options yet: disabled and empty, a plain field until they come (WaitingFilterSelect)
  if (options === undefined)
    return (
      <WaitingFilterSelect label={label} filterKey={entry.key} error={error} helperText={helperText} sx={SELECT_SX} />
    );
  const selected = options.find((option) => String(option.value) === String(value)) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={SELECT_SX}
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      getOptionLabel={optionText}
      isOptionEqualToValue={(a, b) => String(a.value) === String(b.value)}
      getOptionKey={(option) => String(option.value)}
      onChange={(_event, option) => {
        onSelect(option ? option.value : null);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-filter-key': entry.key } }}
        />
      )}
    />
  );
}

/**
 * One select per filter model of the form, chosen left to right: a select's options come from
 * `filter-lists` once the filter it requires is chosen; changing one clears those below it.
 */
export function FilterBar({ form, selection, onChange, requiredErrors = [], disabled = false }: FilterBarProps) {
  const entries = useMemo(() => orderedFilters(form), [form]);
  const requests = useMemo(() => filterListRequests(form, selection), [form, selection]);
  const lists = useQuery({
    queryKey: recordKeys.filterLists(form.name, requests),
    queryFn: () => recordsApi.filterLists(form.name, requests),
    enabled: requests.length > 0,
    placeholderData: (previous) => previous,
  });

  // A selection whose record is gone from its list (or from a stale local storage) is dropped;
  // but a cached list may predate the record (a hole created since, a link to it), so the lists
  // are asked for once more before a selection is dropped.
  const askedAgainFor = useRef<string | null>(null);
  // dataUpdatedAt: a refetch that brings the same lists still counts as the second answer
  const { data, dataUpdatedAt, isPlaceholderData, isFetching, refetch } = lists;
  useEffect(() => {
    if (!data || isPlaceholderData || isFetching) return;
    const pruned = pruneSelection(form, selection, data);
    if (pruned === selection) return;
    const key = JSON.stringify(selection);
    if (askedAgainFor.current !== key) {
      askedAgainFor.current = key;
      void refetch();
      return;
    }
    onChange(pruned);
  }, [form, selection, data, dataUpdatedAt, isPlaceholderData, isFetching, refetch, onChange]);

  if (entries.length === 0) return null;
  const requested = new Set(requests.map((r) => r.model));
  return (
    <Box
      role="group"
      aria-label="Filter bar"
      id="filter-bar"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      {entries.map((entry) => (
        <FilterSelect
          key={entry.key}
          entry={entry}
          options={requested.has(entry.key) ? lists.data?.[entry.key] : undefined}
          value={selection[entry.key]}
          loading={lists.isFetching}
          error={requiredErrors.includes(entry.key)}
          disabled={disabled}
          onSelect={(value) => {
            onChange(changeFilter(form, selection, entry.key, value));
          }}
        />
      ))}
    </Box>
  );
}
