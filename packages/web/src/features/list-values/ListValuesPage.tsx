import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../ui/PageHeading';
import { ListValuesForm } from './ListValuesForm';
import { listValueKeys, listValuesApi } from './listValues.api';

/** The page path of one list; the name is encoded, so any list name makes a valid path. */
export const listValuesPath = (listname?: string) =>
  listname ? `/list-values/${encodeURIComponent(listname)}` : '/list-values';

/** `/list-values/{listname?}`: choose a value list, then edit its items below. */
export function ListValuesPage() {
  const listname = useParams().listname ?? '';
  const navigate = useNavigate();
  const names = useQuery({ queryKey: listValueKeys.names(), queryFn: listValuesApi.names });

  return (
    <>
      <PageHeading title="Value Lists" />
      <Autocomplete
        options={names.data ?? []}
        value={listname || null}
        loading={names.isPending}
        onChange={(_event, chosen) => void navigate(listValuesPath(chosen ?? undefined))}
        renderInput={(params) => <TextField {...params} label="List" />}
        sx={{ maxWidth: 420, mb: 2 }}
      />
      {names.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {names.error.message}
        </Alert>
      )}
      {listname ? (
        <ListValuesForm key={listname} listname={listname} />
      ) : (
        <Typography color="text.secondary">Choose a list to see and edit its items.</Typography>
      )}
    </>
  );
}
