import TextField from '@mui/material/TextField';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { SxProps, Theme } from '@mui/material/styles';

// A filter select whose options are not known yet (before the filter lists answer, or while the
// filter it requires is not chosen) is disabled and empty: there is nothing to choose. Every
// select was an Autocomplete, the costliest part of the form screen's first render outside the
// table (the sample form's 7 took 34 ms of JS self time in a traced cold load, bench:web --trace,
// issue 18), all before the first rows showed, and the filter lists are asked only after that
// render. This is a plain disabled field that looks the same (label, outline, the greyed arrow
// where the Autocomplete has its button; screenshots equal to the pixel); the Autocomplete takes
// its place once the select has options.

export interface WaitingFilterSelectProps {
  label: string;
  filterKey: string;
  error: boolean;
  helperText: string | undefined;
  sx: SxProps<Theme>;
}

// where the Autocomplete's popup button shows its arrow (right: 9px, the button's 2px padding and -2px margin)
const ARROW_SX = {
  position: 'absolute',
  right: 9,
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'action.disabled',
  pointerEvents: 'none',
} as const;

export function WaitingFilterSelect({ label, filterKey, error, helperText, sx }: WaitingFilterSelectProps) {
  return (
    <TextField
      size="small"
      disabled
      label={label}
      error={error}
      helperText={helperText}
      sx={sx}
      slotProps={{
        // a select, as the Autocomplete's input says (tests and assistive technology find it so)
        htmlInput: {
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          'data-filter-key': filterKey,
        },
        input: { endAdornment: <ArrowDropDownIcon sx={ARROW_SX} /> },
      }}
    />
  );
}
