import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ASSIGN_SELECTS, chooseSelect, selectEnabled, type AssignSelection, type SelectOption } from './assignSelects';
import { fileKeys, filesApi } from './files.api';

export interface AssignSelectsProps {
  selection: AssignSelection;
  onChange: (next: AssignSelection) => void;
  disabled?: boolean;
}

/**
 * Expedition → site → hole → core → section → split → sample, plus sample request and person:
 * each select lists what `update-select-values` answers for the choice above it.
 */
export function AssignSelects({ selection, onChange, disabled }: AssignSelectsProps) {
  // one call per chosen parent, shared by the selects it narrows (expedition: site and request)
  const sources = [...new Set(ASSIGN_SELECTS.filter((s) => selectEnabled(s, selection)).map((s) => s.parent))];
  const answers = useQueries({
    queries: sources.map((parent) => {
      const value = parent === '' ? null : (selection[parent] ?? null);
      return {
        queryKey: fileKeys.selectValues(parent, value),
        queryFn: () => filesApi.selectValues(parent, value),
      };
    }),
  });
  const optionsOf = (key: string, parent: string): SelectOption[] =>
    answers[sources.indexOf(parent)]?.data?.[key] ?? [];

  return (
    <Box
      role="group"
      aria-label="Assign to record"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
    >
      {ASSIGN_SELECTS.map((select) => {
        const enabled = selectEnabled(select, selection);
        const options = enabled ? optionsOf(select.key, select.parent) : [];
        const chosen = selection[select.key];
        // the chosen value stays shown while its options load
        const value = chosen !== undefined && options.some((o) => o.value === chosen) ? String(chosen) : '';
        return (
          <TextField
            key={select.key}
            select
            size="small"
            label={select.label}
            value={value}
            disabled={disabled || !enabled}
            onChange={(event) =>
              onChange(
                chooseSelect(selection, select.key, event.target.value === '' ? null : Number(event.target.value)),
              )
            }
          >
            <MenuItem value="">
              <em>none</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option.value} value={String(option.value)}>
                {option.text}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Box>
  );
}
