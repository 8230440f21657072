import { useQuery } from '@tanstack/react-query';
import { UPLOAD_FILE_TYPE_LIST } from '@mdis/shared';
import { listValueKeys, listValuesApi } from '../list-values/listValues.api';

/** The file types of the UPLOAD_FILE_TYPE list: abbreviation (display) and description (remark). */
export function useFileTypes() {
  const query = useQuery({
    queryKey: listValueKeys.items(UPLOAD_FILE_TYPE_LIST),
    queryFn: () => listValuesApi.items(UPLOAD_FILE_TYPE_LIST),
  });
  return { types: query.data ?? [], error: query.isError ? query.error.message : null };
}
