import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ListValue } from '@mdis/shared';

export interface FileTypeSelectProps {
  label: string;
  types: readonly ListValue[];
  value: string;
  onChange: (type: string) => void;
  disabled?: boolean;
}

/** A type of the UPLOAD_FILE_TYPE list, shown as 'PH - photos'. */
export function FileTypeSelect({ label, types, value, onChange, disabled }: FileTypeSelectProps) {
  const known = types.some((type) => type.display === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220, alignSelf: 'flex-start' }}
    >
      {types.map((type) => (
        <MenuItem key={type.id} value={type.display}>
          {type.remark ? `${type.display} - ${type.remark}` : type.display}
        </MenuItem>
      ))}
    </TextField>
  );
}
