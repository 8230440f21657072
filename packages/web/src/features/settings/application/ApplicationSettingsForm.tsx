import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_SETTING_KEYS, validateAppSettings, type AppConfig, type FieldError } from '@mdis/shared';
import { errorMessage, isApiError } from '../../../platform/api/ApiError';
import { appKeys } from '../../../platform/api/app.api';
import { AppSettingInput } from './AppSettingInput';
import { HeaderPreview } from './HeaderPreview';
import { APP_SETTING_SECTIONS } from './appSettingsFields';
import { appSettingsApi, appSettingsKeys } from './appSettings.api';

type Summary = { severity: 'success' | 'error'; text: string } | null;

const NOTHING_SAVED = 'Nothing was saved: correct the marked fields.';

/** The keys whose edited value differs from the stored one. */
function changesOf(stored: AppConfig, values: AppConfig): AppConfig {
  const changes: AppConfig = {};
  for (const key of APP_SETTING_KEYS) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (value !== stored[key]) changes[key] = typeof value === 'string' ? value.trim() : value;
  }
  return changes;
}

const byField = (list: readonly FieldError[]) => Object.fromEntries(list.map(({ field, message }) => [field, message]));

function useSaveSettings(onFieldErrors: (errors: FieldError[]) => void, onSummary: (summary: Summary) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appSettingsApi.save,
    onSuccess: async (answer) => {
      queryClient.setQueryData(appSettingsKeys.all(), answer);
      // The shell's header and footer read the public config: refetch it so they change now.
      await queryClient.invalidateQueries({ queryKey: appKeys.config() });
      onSummary({ severity: 'success', text: 'Settings saved.' });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 422) {
        onFieldErrors(error.fieldErrors);
        onSummary({ severity: 'error', text: NOTHING_SAVED });
      } else onSummary({ severity: 'error', text: errorMessage(error) });
    },
  });
}

/** The sections of settings with a live header preview; checks with the server's rules before it saves. */
export function ApplicationSettingsForm({ stored }: { stored: AppConfig }) {
  const [values, setValues] = useState<AppConfig>(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<Summary>(null);
  const save = useSaveSettings((list) => setErrors(byField(list)), setSummary);
  const changes = changesOf(stored, values);
  const unchanged = Object.keys(changes).length === 0;

  const handleChange = (key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value as AppConfig[string] }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
    setSummary(null);
  };
  const handleSave = () => {
    const found = validateAppSettings(changes, stored);
    setErrors(byField(found));
    if (found.length > 0) setSummary({ severity: 'error', text: NOTHING_SAVED });
    else save.mutate(changes);
  };
  const handleDiscard = () => {
    setValues(stored);
    setErrors({});
    setSummary(null);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <HeaderPreview values={values} />
      {APP_SETTING_SECTIONS.map((section) => (
        <Card key={section.title} variant="outlined" component="section" aria-label={section.title}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {section.title}
            </Typography>
            <Stack spacing={2}>
              {section.fields.map((field) => (
                <AppSettingInput
                  key={field.key}
                  field={field}
                  value={values[field.key]}
                  error={errors[field.key]}
                  onChange={(value) => handleChange(field.key, value)}
                />
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
      {summary && <Alert severity={summary.severity}>{summary.text}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={handleSave} disabled={save.isPending || unchanged}>
          Save settings
        </Button>
        <Button onClick={handleDiscard} disabled={unchanged}>
          Discard changes
        </Button>
      </Stack>
    </Stack>
  );
}
