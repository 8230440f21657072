import type { AccessMatrixContext } from './access-matrix-context';
import { FOREIGN, type Headers, type TwoExpeditions } from './two-expeditions';

type Row = Record<string, unknown>;
type Ctx = TwoExpeditions & { x: AccessMatrixContext };

const FORMS = [
  'program',
  'expedition',
  'site',
  'hole',
  'core',
  'section',
  'split',
  'sample',
  'sample-request',
  'files',
  'corebox',
  'cuttings',
  'lithology',
  'storage',
  'person',
];
const MODELS = [
  'ProjectExpedition',
  'ProjectSite',
  'ProjectHole',
  'CoreCore',
  'CoreSection',
  'CurationSectionSplit',
  'CurationSample',
  'CurationSampleRequest',
  'ArchiveFile',
];
// The filter bar's `require` columns, pointed at the other expedition's records.
const REQUIRE_AS = ['expedition_id', 'site_id', 'hole_id', 'core_id', 'section_id', 'section_split_id'] as const;

/** What identifies the other expedition's records in any answer (JSON, HTML, CSV). */
function foreignMarkers(c: Ctx): (string | RegExp)[] {
  const igsns = Object.values(c.foreign)
    .map((row) => row.igsn)
    .filter((igsn): igsn is string => typeof igsn === 'string' && igsn !== '');
  return [new RegExp(`\\b${FOREIGN}(\\b|_)`), 'OTHER', 'foreign.jpg', ...igsns];
}

/**
 * Every read path a limited user of 5065 has, asked for the other expedition (7002) as well as
 * an attacker would: lists, by id, global, async-lists, filter-lists, files, previews, reports,
 * exports, find-igsn, selected-record-id. Answers the problems found (empty: no leak).
 */
export async function limitedUserLeaks(c: Ctx, headers: Headers): Promise<string[]> {
  const problems: string[] = [];
  const markers = foreignMarkers(c);
  const get = (url: string) => c.app.inject({ method: 'GET', url, headers });
  const leaks = async (url: string) => {
    const response = await get(url);
    if (response.statusCode >= 500) problems.push(`${url}: ${String(response.statusCode)}`);
    const found = markers.filter((m) => (typeof m === 'string' ? response.body.includes(m) : m.test(response.body)));
    if (found.length > 0) problems.push(`${url} shows ${found.map(String).join(', ')}`);
    return response;
  };
  const refused = async (url: string) => {
    const response = await leaks(url);
    if (response.statusCode !== 403 && response.statusCode !== 404) {
      problems.push(`${url}: ${String(response.statusCode)}, not 403/404`);
    }
  };

  for (const form of FORMS) await leaks(`/api/v1/form?name=${form}&per-page=-1`);
  for (const model of MODELS) {
    const list = await leaks(`/api/v1/global?name=${model}&per-page=-1`);
    const visible = new Set(list.json<{ items?: Row[] }>().items?.map((row) => row.id));
    const options = await leaks(`/api/v1/global/async-lists?name=${model}&fields=id,id&sort=id`);
    for (const row of options.json<{ items?: Row[] }>().items ?? []) {
      if (!visible.has(row.id)) problems.push(`async-lists of ${model} shows id ${String(row.id)}`);
    }
  }
  const byId: [string, Row][] = [
    ['expedition', c.foreign.expedition],
    ['site', c.foreign.site],
    ['hole', c.foreign.hole],
    ['core', c.foreign.core],
    ['section', c.foreign.section],
    ['split', c.foreign.split],
    ['sample', c.foreign.sample],
    ['sample-request', c.foreign.request],
    ['files', c.x.foreignFile],
  ];
  for (const [form, row] of byId) {
    await refused(`/api/v1/form/${String(row.id)}?name=${form}`);
    await refused(`/api/v1/form/print?name=${form}&id=${String(row.id)}&reportName=Details`);
    await refused(`/report/Details?form=${form}&id=${String(row.id)}`);
  }
  const requireForeign = (as: (typeof REQUIRE_AS)[number]) => {
    const level = { expedition_id: 'expedition', site_id: 'site', hole_id: 'hole', core_id: 'core' } as const;
    const more = { section_id: 'section', section_split_id: 'split' } as const;
    const key =
      (level as Record<string, keyof typeof c.foreign>)[as] ?? (more as Record<string, keyof typeof c.foreign>)[as];
    return c.foreign[key].id;
  };
  for (const form of FORMS) {
    const template = await c.app.inject({
      method: 'GET',
      url: `/cg/api/get-form-template?name=${form}`,
      headers: c.admin,
    });
    const filters = template.json<{ filterDataModels?: Record<string, { require?: { as: string } }> }>()
      .filterDataModels;
    const requests = Object.entries(filters ?? {}).map(([model, definition]) => {
      const as = definition.require?.as as (typeof REQUIRE_AS)[number] | undefined;
      const require = as && REQUIRE_AS.includes(as) ? { as, value: requireForeign(as) } : null;
      return `models[]=${encodeURIComponent(JSON.stringify({ model, require }))}`;
    });
    if (requests.length > 0) await leaks(`/api/v1/form/filter-lists?name=${form}&${requests.join('&')}`);
  }
  // The record history shows what a record was: only of records the user may view.
  const historyOf: [string, Row][] = [
    ['ProjectExpedition', c.foreign.expedition],
    ['ProjectHole', c.foreign.hole],
    ['CurationSample', c.foreign.sample],
  ];
  for (const [model, row] of historyOf) await refused(`/api/v1/history?model=${model}&id=${String(row.id)}`);
  await refused(`/api/v1/history/deleted?model=CurationSample&q=${String(c.foreign.sample.id)}`);
  await refused(`/api/v1/audit?model=CurationSample`);
  await leaks('/api/v1/file?per-page=-1');
  await refused(`/files/${String(c.x.foreignFile.id)}`);
  await refused(`/files/original/${String(c.x.foreignFile.id)}`);
  await refused(`/api/v1/file/meta-data?filename=${encodeURIComponent(String(c.x.foreignFile.filename))}`);
  for (const report of ['List', 'ListCsv', 'ListAllCsv', 'ListJson']) {
    await leaks(`/report/${report}?model=CurationSample`);
    await leaks(`/report/${report}?form=sample&specific-ids=${String(c.foreign.sample.id)},${String(c.own.sample.id)}`);
  }
  // Not viewable answers as unknown does: an empty list (the original's answer).
  const found = await leaks(`/api/v1/app/find-igsn/${String(c.foreign.sample.igsn)}`);
  if (found.body !== '[]') problems.push(`find-igsn of a foreign IGSN: ${String(found.statusCode)} ${found.body}`);
  const requestNo = String(c.foreign.request.request_no);
  await leaks(`/api/v1/widgets/download-samples-as-csv?requestNo=${requestNo}&requestPart=A`);
  const plain = await get('/api/v1/form?name=sample&per-page=1');
  const selected = await leaks(`/api/v1/form?name=sample&per-page=1&selected-record-id=${String(c.foreign.sample.id)}`);
  if (selected.body !== plain.body) problems.push('selected-record-id of a foreign sample moves the page');
  return problems;
}
