import { igsnMatchSchema, type IgsnMatch } from '@mdis/shared';
import { z } from 'zod';
import { api } from '../../platform/api/apiClient';

const matchesSchema = z.array(igsnMatchSchema);

export const igsnApi = {
  /** `GET app/find-igsn/{igsn}`: the records the code was issued for (none, one, or more). */
  find: async (igsn: string): Promise<IgsnMatch[]> =>
    matchesSchema.parse(await api.get<unknown>(`app/find-igsn/${encodeURIComponent(igsn.trim())}`)),
};
