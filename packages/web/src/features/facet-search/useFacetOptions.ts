import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api/apiClient';
import type { FacetSearch } from './facetSearch';

export interface FacetOption {
  id: number;
  text: string;
  programId?: number;
}

type Row = Record<string, unknown>;

async function listOf(model: string, fields: string[], sort: string): Promise<Row[]> {
  const answer = await api.get<{ items?: Row[] }>('global', {
    name: model,
    page: -1,
    'per-page': -1,
    sort,
    fields: fields.join(','),
  });
  return answer.items ?? [];
}

const toOption = (row: Row, textField: string): FacetOption => ({
  id: Number(row.id),
  text: typeof row[textField] === 'string' ? row[textField] : String(row.id),
  programId: typeof row.program_id === 'number' ? row.program_id : undefined,
});

/** The programs and expeditions to choose from; expeditions only of the chosen programs. */
export function useFacetOptions(facet: FacetSearch) {
  const programs = useQuery({
    queryKey: ['user', 'facet-search', 'programs'],
    queryFn: async () =>
      (await listOf('ProjectProgram', ['id', 'program'], 'program')).map((r) => toOption(r, 'program')),
  });
  const expeditions = useQuery({
    queryKey: ['user', 'facet-search', 'expeditions'],
    queryFn: async () =>
      (await listOf('ProjectExpedition', ['id', 'exp_acronym', 'program_id'], 'exp_acronym')).map((r) =>
        toOption(r, 'exp_acronym'),
      ),
  });
  const expeditionOptions = (expeditions.data ?? []).filter(
    (e) => facet.program.length === 0 || (e.programId !== undefined && facet.program.includes(e.programId)),
  );
  return { programs, expeditions, programOptions: programs.data ?? [], expeditionOptions };
}
