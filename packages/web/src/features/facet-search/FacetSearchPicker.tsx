import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { api } from '../../platform/api/apiClient';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { NO_FACET, useFacetSearch, writeFacetSearch, type FacetSearch } from './facetSearch';
import { useFacetOptions, type FacetOption } from './useFacetOptions';

/** 'GFP · 5091, 5092', or what is offered when nothing is chosen. */
function summary(facet: FacetSearch, programs: FacetOption[], expeditions: FacetOption[]): string {
  const names = (ids: number[], options: FacetOption[]) =>
    ids.map((id) => options.find((o) => o.id === id)?.text ?? `#${String(id)}`).join(', ');
  const parts = [names(facet.program, programs), names(facet.expedition, expeditions)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'All expeditions';
}

/**
 * The facet search picker of the top bar (app config useFacetSearch): the programs and expeditions
 * the user works on, kept in the `facetSearch` cookie and sent to the server with set-facet-values.
 */
export function FacetSearchPicker() {
  const { warn } = useNotifications();
  const facet = useFacetSearch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { programs, expeditions, programOptions, expeditionOptions } = useFacetOptions(facet);

  const change = (next: FacetSearch) => {
    writeFacetSearch(next);
    api.post('app/set-facet-values', { facetSearch: next }).catch((error: unknown) => warn(errorMessage(error)));
  };
  const chooseExpeditions = (chosen: FacetOption[]) => change({ ...facet, expedition: chosen.map((o) => o.id) });
  const choosePrograms = (chosen: FacetOption[]) => {
    const program = chosen.map((o) => o.id);
    // an expedition of a program no longer chosen is dropped
    const expedition = facet.expedition.filter((id) => {
      const programId = expeditions.data?.find((e) => e.id === id)?.programId;
      return program.length === 0 || (programId !== undefined && program.includes(programId));
    });
    change({ program, expedition });
  };
  const picked = (options: FacetOption[], ids: number[]) => options.filter((o) => ids.includes(o.id));

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TravelExploreIcon />}
        aria-label="Facet search"
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 260 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {summary(facet, programOptions, expeditions.data ?? [])}
        </Box>
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Facet search' } }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }}>
          <Typography variant="subtitle2">The programs and expeditions you work on, for every form</Typography>
          <Autocomplete
            multiple
            options={programOptions}
            value={picked(programOptions, facet.program)}
            getOptionLabel={(o) => o.text}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, chosen) => choosePrograms(chosen)}
            loading={programs.isPending}
            renderInput={(params) => <TextField {...params} label="Program" size="small" />}
          />
          <Autocomplete
            multiple
            options={expeditionOptions}
            value={picked(expeditions.data ?? [], facet.expedition)}
            getOptionLabel={(o) => o.text}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, chosen) => chooseExpeditions(chosen)}
            loading={expeditions.isPending}
            renderInput={(params) => <TextField {...params} label="Expedition" size="small" />}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button onClick={() => change(NO_FACET)}>Reset</Button>
            <Button variant="contained" onClick={() => setAnchor(null)}>
              Close
            </Button>
          </Box>
        </Stack>
      </Popover>
    </>
  );
}
