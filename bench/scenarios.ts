// Load scenarios for `npm run bench`. Each one is a GET against the running server; later issues
// add reports and more over the generated dataset by appending to these lists.

export interface BenchContext {
  /** A bearer token of the first administrator. */
  token: string;
}

export interface Scenario {
  name: string;
  path: string;
  /** Sends the administrator's bearer token. */
  auth: boolean;
}

export const SCENARIOS: Scenario[] = [
  { name: 'app config (public)', path: '/api/v1/app/config', auth: false },
  { name: 'auth refresh', path: '/api/v1/auth/refresh', auth: true },
  { name: 'users page of 20', path: '/api/v1/users?per-page=20', auth: true },
  { name: 'users page 25, sorted -username', path: '/api/v1/users?per-page=20&page=25&sort=-username', auth: true },
];

/** Record list scenarios on the generated leaf model (see records-seed.ts); `rows` leaf records. */
export function recordScenarios(model: string, rows: number): Scenario[] {
  const list = `/api/v1/global?name=${model}&per-page=20`;
  const middleId = Math.max(1, Math.floor(rows / 2));
  const deepPage = Math.max(1, Math.floor(rows / 20 / 2));
  return [
    { name: 'records page 1, sort id', path: `${list}&sort=id`, auth: true },
    { name: `records page ${String(deepPage)}, sort id`, path: `${list}&sort=id&page=${String(deepPage)}`, auth: true },
    { name: 'records sort by parent path pseudo', path: `${list}&sort=site_name,id`, auth: true },
    {
      name: 'records regex text filter',
      path: `${list}&sort=id&${encodeURI('filter[combined_id]=_1[0-9]_H00[1-3]$')}`,
      auth: true,
    },
    {
      name: 'records numeric range filter',
      path: `${list}&sort=id&${encodeURI('filter[depth]=>=1000&filter[depth]=<1010')}`,
      auth: true,
    },
    {
      name: 'records selected-record-id',
      path: `${list}&sort=id&selected-record-id=${String(middleId)}`,
      auth: true,
    },
    { name: 'record by id', path: `/api/v1/global/${String(middleId)}?name=${model}`, auth: true },
  ];
}
