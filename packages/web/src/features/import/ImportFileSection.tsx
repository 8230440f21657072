import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { FileDropZone } from '../../ui/FileDropZone';
import type { ImportMode } from './importTypes';

export const IMPORT_FILE_TYPES = ['csv', 'xlsx', 'json'] as const;

export interface ImportFileSectionProps {
  file: File | null;
  sheets: string[];
  sheet: string | null;
  mode: ImportMode;
  disabled: boolean;
  onFile: (file: File) => void;
  onSheet: (sheet: string) => void;
  onMode: (mode: ImportMode) => void;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Step 1: the file (dropped or picked), its sheet when it is a workbook, and insert or upsert. */
export function ImportFileSection(props: ImportFileSectionProps) {
  const { file, sheets, sheet, mode, disabled } = props;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FileDropZone
        multiple={false}
        allowedTypes={IMPORT_FILE_TYPES}
        disabled={disabled}
        onFiles={(files) => {
          const first = files.at(0);
          if (first) props.onFile(first);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        CSV (any delimiter), Excel workbooks (.xlsx) and the JSON the exports write. The header row names the columns.
      </Typography>
      {file && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} aria-label="Chosen file" role="status">
          <InsertDriveFileIcon color="action" />
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {file.name}{' '}
            <Typography component="span" color="text.secondary">
              ({sizeText(file.size)})
            </Typography>
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        {sheets.length > 0 && (
          <FormControl size="small" sx={{ minWidth: 200, maxWidth: '100%' }}>
            <InputLabel id="import-sheet-label">Sheet</InputLabel>
            <Select
              labelId="import-sheet-label"
              label="Sheet"
              value={sheet ?? sheets.at(0) ?? ''}
              disabled={disabled}
              onChange={(event) => props.onSheet(event.target.value)}
            >
              {sheets.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <FormControl disabled={disabled}>
          <FormLabel id="import-mode-label">Mode</FormLabel>
          <RadioGroup
            aria-labelledby="import-mode-label"
            value={mode}
            onChange={(event) => props.onMode(event.target.value === 'upsert' ? 'upsert' : 'insert')}
          >
            <FormControlLabel
              value="insert"
              control={<Radio size="small" />}
              label="Insert: every row is a new record"
            />
            <FormControlLabel
              value="upsert"
              control={<Radio size="small" />}
              label="Upsert: update the record with the row's id, combined id or IGSN, insert the others"
            />
          </RadioGroup>
        </FormControl>
      </Box>
    </Box>
  );
}
