import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WIDGET_SIZES, type Widget, type WidgetUpdate } from '@mdis/shared';
import { widgetDefinition } from '../widgets/widgetRegistry';
import { ColorField } from './ColorField';
import { SettingFieldInput } from './SettingFieldInput';
import { NEW_WIDGET_ID, SIZE_FIELDS, toDraft, type DraftErrors, type WidgetDraft } from './widgetForm';
import { useWidgetSettingsSave } from './useWidgetSettingsSave';
import { DialogHeader } from '../../../ui/DialogHeader';

export interface WidgetSettingsDialogProps {
  widget: Widget;
  onClose: () => void;
  save: (id: number, body: WidgetUpdate) => Promise<void>;
}

interface CommonSettingsFieldsProps {
  draft: WidgetDraft;
  errors: DraftErrors;
  set: (patch: Partial<WidgetDraft>) => void;
}

/** The fields every widget has: title, subtitle, colour, dark flag and the four sizes. */
function CommonSettingsFields({ draft, errors, set }: CommonSettingsFieldsProps) {
  return (
    <>
      <TextField
        label="Title"
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title}
        fullWidth
      />
      <TextField
        label="Subtitle"
        value={draft.subtitle}
        onChange={(event) => set({ subtitle: event.target.value })}
        error={Boolean(errors.subtitle)}
        helperText={errors.subtitle}
        fullWidth
      />
      <ColorField value={draft.color} onChange={(color) => set({ color })} error={errors.color} />
      <FormControlLabel
        control={<Switch checked={draft.is_dark} onChange={(event) => set({ is_dark: event.target.checked })} />}
        label="Dark (white text on the colour)"
      />
      <Grid container spacing={2}>
        {SIZE_FIELDS.map(([key, sizeLabel]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <TextField
              select
              label={sizeLabel}
              value={draft[key]}
              onChange={(event) => set({ [key]: Number(event.target.value) })}
              fullWidth
            >
              {WIDGET_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size} / 12
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

/** Title, subtitle, colour, dark flag and sizes of every widget, plus its type's own settings. */
export function WidgetSettingsDialog({ widget, onClose, save }: WidgetSettingsDialogProps) {
  const [draft, setDraft] = useState<WidgetDraft>(() => toDraft(widget));
  const { errors, saving, submit } = useWidgetSettingsSave(widget, save, onClose);
  const { label, settingFields } = widgetDefinition(widget.type);
  const set = (patch: Partial<WidgetDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // A column picked for one model means nothing for another: picking the model again clears them.
  const dependents = (key: string) =>
    settingFields.filter((f) => f.kind === 'column' && f.modelKey === key).map((f) => [f.key, ''] as const);
  const setSetting = (key: string, value: unknown) =>
    setDraft((current) => ({
      ...current,
      extraSettings: { ...current.extraSettings, ...Object.fromEntries(dependents(key)), [key]: value },
    }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="widget-settings-title">
      <DialogHeader id="widget-settings-title" onClose={onClose}>
        {widget.id === NEW_WIDGET_ID ? `New ${label}` : `Settings of ${widget.title || label}`}
      </DialogHeader>
      <DialogContent>
        <CommonSettingsFields draft={draft} errors={errors} set={set} />
        {settingFields.length > 0 && (
          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            {label} settings
          </Typography>
        )}
        {settingFields.map((field) => (
          <SettingFieldInput
            key={field.key}
            field={field}
            value={draft.extraSettings[field.key]}
            error={errors[`extraSettings.${field.key}`]}
            onChange={(value) => setSetting(field.key, value)}
            settings={draft.extraSettings}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={saving} onClick={() => void submit(draft)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
