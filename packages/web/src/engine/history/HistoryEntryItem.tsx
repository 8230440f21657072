import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormTemplate, HistoryEntry } from '@mdis/shared';
import { type FieldChange, type ValueTexts, entryTitle, fieldChanges, timeText } from './historyText';

export interface HistoryEntryItemProps {
  entry: HistoryEntry;
  form: FormTemplate;
  /** The texts of value-list values (useValueTexts). */
  texts?: ValueTexts;
  /** Puts one field back to the value this change replaced (updates only); unset: no restoring. */
  onRestoreField?: (change: FieldChange) => void;
  /** Puts every field back to this version; unset: not offered (the newest version, a deletion). */
  onRestoreVersion?: () => void;
}

/** One version in the history: who and when, the fields (or link) it changed, and its restore actions. */
export function HistoryEntryItem({ entry, form, texts, onRestoreField, onRestoreVersion }: HistoryEntryItemProps) {
  const changes = fieldChanges(form, entry, texts);
  const title = `${entryTitle(entry)} · ${timeText(entry.at)}`;
  return (
    <Box component="li" aria-label={`${entryTitle(entry)}, ${timeText(entry.at)}`} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {onRestoreVersion && (
          <Button
            size="small"
            variant="outlined"
            aria-label={`Restore this version (${title})`}
            onClick={onRestoreVersion}
          >
            Restore this version
          </Button>
        )}
      </Box>
      {changes.length > 0 && (
        // One column on a phone (label above value), two from the sm breakpoint on.
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(8rem, auto) minmax(0, 1fr)' },
            columnGap: 1,
            rowGap: { xs: 0, sm: 0.5 },
            m: 0,
            mt: 0.5,
          }}
        >
          {changes.map((change) => (
            <Box key={change.column} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.5, sm: 0 } }}>
                {change.label}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {change.text}
                </Typography>
                {onRestoreField && entry.action === 'update' && (
                  <Button
                    size="small"
                    aria-label={`Restore ${change.label} to ${change.before}`}
                    onClick={() => onRestoreField(change)}
                  >
                    Restore {change.before}
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
