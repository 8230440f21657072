import { ALL_ROWS, type PermissionHolder, type SamplesCsvQuery, validationError, WIDGET_MESSAGES } from '@mdis/shared';
import type { TemplateSource } from '../../engine/records/record-model';
import type { RecordsService } from '../../engine/records/records.service';
import { csvLines } from '../../infra/http/csv';

// The drilling model's names (seed/templates/models): a sample points at its request through
// `sample_request_id`; a request is named by `request_no` and `request_part` (unique per expedition).
const REQUEST_MODEL = 'CurationSampleRequest';
const SAMPLE_MODEL = 'CurationSample';

export interface SamplesCsvDeps {
  records: RecordsService;
  templates: TemplateSource;
}

/**
 * The samples of a sample request as CSV: a header of the sample model's columns (in template
 * order, computed columns included), then one line per sample. Reads go through the record engine,
 * so the caller's form permissions and limited access apply as in the sample form. Every request
 * with that number and part is included (the pair is unique per expedition only).
 */
export async function samplesCsv(
  deps: SamplesCsvDeps,
  user: PermissionHolder,
  query: SamplesCsvQuery,
): Promise<string> {
  const requests = await deps.records.list(
    user,
    { kind: 'global', name: REQUEST_MODEL },
    {
      filter: { request_no: `==${query.requestNo}`, request_part: `==${query.requestPart}` },
      'per-page': ALL_ROWS,
      fields: ['id'],
    },
  );
  if (requests.items.length === 0) {
    throw validationError([
      { field: 'requestNo', message: WIDGET_MESSAGES.requestNotFound(query.requestNo, query.requestPart) },
    ]);
  }
  const template = await deps.templates.getModel(SAMPLE_MODEL);
  const columns = Object.keys(template?.columns ?? {});
  const lines: unknown[][] = [columns];
  // One page per request: a request number and part name one request per expedition, rarely more.
  for (const request of requests.items) {
    const samples = await deps.records.list(
      user,
      { kind: 'global', name: SAMPLE_MODEL },
      { filter: { sample_request_id: `==${String(request.id)}` }, 'per-page': ALL_ROWS, sort: 'id' },
    );
    for (const sample of samples.items) lines.push(columns.map((column) => sample[column]));
  }
  return csvLines(lines);
}
