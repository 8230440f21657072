// Load scenarios for `npm run bench`. Each one is a GET against the running server; later issues
// add record lists, filters and reports over the generated dataset by appending to this list.

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
