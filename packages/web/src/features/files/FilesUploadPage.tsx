import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { parseRouteFilter } from '../../engine/filter-bar/filterCascade';
import { PageHeading } from '../../ui/PageHeading';
import { AssignSection } from './AssignSection';
import { initialAssignSelection } from './assignSelects';
import { fileKeys } from './files.api';
import type { QueueRules } from './uploadQueue';
import { UploadSection } from './UploadSection';
import { useFileTypes } from './useFileTypes';
import { useKeepForLater } from './useKeepForLater';
import { WaitingFilesList } from './WaitingFilesList';
import { useOfflineStatus } from '../offline/offlineStatus';
import { useOnline } from '../offline/useOfflineSync';

// The upload screen takes any number of files of any type; the queue enforces narrower rules
// (allowed types, one file only) where a caller sets them (spec 1 §5).
const UPLOAD_RULES: QueueRules = { multiple: true };

/**
 * `/files-upload?filter=…` (spec 1 §2): opened in its own window from a form, whose filter
 * preselects the record to assign to. Files upload one by one, then are assigned.
 */
export function FilesUploadPage() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const { types, error } = useFileTypes();
  const filter = search.get('filter');
  const initialSelection = useMemo(() => initialAssignSelection(parseRouteFilter(filter)), [filter]);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const online = useOnline();
  const later = useKeepForLater(filter, online);
  const { files: waiting } = useOfflineStatus();

  const handleUploaded = (ids: number[]) => {
    setTicked((current) => new Set([...current, ...ids]));
    void queryClient.invalidateQueries({ queryKey: fileKeys.uploaded() });
  };

  return (
    <>
      <PageHeading title="File Upload" />
      {error && online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <UploadSection
          types={types}
          rules={UPLOAD_RULES}
          onUploaded={handleUploaded}
          {...(later.active ? { keepForLater: { canKeep: later.target !== null, keep: later.keep } } : {})}
        />
        <WaitingFilesList files={waiting} />
        {/* assigning needs the server: offline the kept files go to their record by themselves */}
        {online && (
          <AssignSection
            key={filter ?? ''}
            types={types}
            initialSelection={initialSelection}
            ticked={ticked}
            onTickedChange={setTicked}
          />
        )}
      </Box>
    </>
  );
}
