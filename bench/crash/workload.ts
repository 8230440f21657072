// The write stream the crash test kills the server in: creates (a contact person; a core, which
// writes its sections in the same transaction), updates of acknowledged persons, and uploads.
// Each worker has one request in flight at a time, so "acknowledged" has a clear meaning per write.
import { createHash, randomBytes } from 'node:crypto';

type Row = Record<string, unknown>;

const REQUEST_TIMEOUT_MS = 30_000;

export interface Ledger {
  /** person id → acronym, the last acknowledged first_name, and one sent but never acknowledged. */
  persons: Map<number, { acronym: string; firstName: string; pending?: string }>;
  /** core id → its number and drilled length. */
  cores: Map<number, { core: number; drilledLength: number }>;
  /** file id → sha256 of the bytes acknowledged. */
  uploads: Map<number, string>;
  /** original file name → sha256 of every upload sent (acknowledged or not). */
  sent: Map<string, string>;
  acknowledged: { creates: number; updates: number; uploads: number };
  /** Numbers for core numbers, acronyms and file names: never reused, across rounds too. */
  sequence: number;
  /** Answers that were neither an acknowledgement nor a dropped connection (should stay 0). */
  refusals: string[];
}

export function emptyLedger(): Ledger {
  return {
    persons: new Map(),
    cores: new Map(),
    uploads: new Map(),
    sent: new Map(),
    acknowledged: { creates: 0, updates: 0, uploads: 0 },
    sequence: 1,
    refusals: [],
  };
}

export interface Api {
  baseUrl: string;
  token: string;
}

export async function login(baseUrl: string, password: string): Promise<Api> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!response.ok) throw new Error(`login: ${String(response.status)} ${await response.text()}`);
  return { baseUrl, token: ((await response.json()) as { token: string }).token };
}

/** A JSON call; undefined when the connection dropped (the server was killed). */
export async function call(api: Api, method: string, path: string, body?: unknown): Promise<Response | undefined> {
  try {
    return await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${api.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
}

export async function createJson(api: Api, form: string, values: Row): Promise<Row> {
  const response = await call(api, 'POST', `/api/v1/form?name=${form}`, values);
  if (response?.status !== 201) throw new Error(`create ${form}: ${String(response?.status)}`);
  return (await response.json()) as Row;
}

/** The program → expedition → site → hole chain the cores go into. */
export async function createHole(api: Api): Promise<number> {
  const program = await createJson(api, 'program', { program: 'ICDP', name: 'Crash test program' });
  const expedition = await createJson(api, 'expedition', {
    program_id: program.id,
    expedition: '9001',
    exp_name: 'Crash test',
    exp_acronym: 'CRASH',
    chief_scientists: ['AM'],
    contact: 'Anna Meyer',
    start_date: '2024-05-01',
  });
  const site = await createJson(api, 'site', { expedition_id: expedition.id, site: '1' });
  const hole = await createJson(api, 'hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
  return Number(hole.id);
}

async function acknowledged(ledger: Ledger, response: Response | undefined, expected: number, what: string) {
  if (!response) return undefined;
  if (response.status !== expected) {
    ledger.refusals.push(`${what}: ${String(response.status)} ${(await response.text()).slice(0, 200)}`);
    return undefined;
  }
  return (await response.json()) as Row;
}

async function createPerson(api: Api, ledger: Ledger): Promise<number | undefined> {
  const acronym = `P${String(ledger.sequence++)}`;
  const firstName = 'v0';
  const row = await acknowledged(
    ledger,
    await call(api, 'POST', '/api/v1/form?name=person', { person_acronym: acronym, first_name: firstName }),
    201,
    'create person',
  );
  if (!row) return undefined;
  ledger.persons.set(Number(row.id), { acronym, firstName });
  ledger.acknowledged.creates += 1;
  return Number(row.id);
}

async function createCore(api: Api, ledger: Ledger, holeId: number) {
  const core = ledger.sequence++;
  const values = {
    hole_id: holeId,
    core,
    core_ondeck: '2024-05-03T10:00:00Z',
    drillers_top_depth: core * 3,
    drilled_length: 1 + (core % 5),
    core_recovery: 2.7,
    section_count: 3,
  };
  const row = await acknowledged(ledger, await call(api, 'POST', '/api/v1/form?name=core', values), 201, 'create core');
  if (!row) return;
  ledger.cores.set(Number(row.id), { core, drilledLength: values.drilled_length });
  ledger.acknowledged.creates += 1;
}

async function updatePerson(api: Api, ledger: Ledger, own: number[]) {
  const id = own[Math.floor(Math.random() * own.length)];
  const person = ledger.persons.get(id);
  if (!person) return;
  const firstName = `v${String(ledger.sequence++)}`;
  person.pending = firstName;
  const row = await acknowledged(
    ledger,
    await call(api, 'PUT', `/api/v1/form/${String(id)}?name=person`, { first_name: firstName }),
    200,
    'update person',
  );
  if (!row) return;
  person.firstName = firstName;
  delete person.pending;
  ledger.acknowledged.updates += 1;
}

async function upload(api: Api, ledger: Ledger) {
  const bytes = randomBytes(4096 + Math.floor(Math.random() * 1_000_000));
  const name = `crash-${String(ledger.sequence++)}.bin`;
  const sha = createHash('sha256').update(bytes).digest('hex');
  ledger.sent.set(name, sha);
  const form = new FormData();
  form.append('FilesUploadNewFormModel[files][0]', new Blob([bytes], { type: 'application/octet-stream' }), name);
  form.append('FilesUploadNewFormModel[uploadPath]', 'upload');
  let response: Response | undefined;
  try {
    response = await fetch(`${api.baseUrl}/api/v1/file/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}` },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    response = undefined;
  }
  const answer = await acknowledged(ledger, response, 201, 'upload');
  const row = (answer?.items as Row[] | undefined)?.[0];
  if (!row) return;
  ledger.uploads.set(Number(row.id), sha);
  ledger.acknowledged.uploads += 1;
}

/**
 * Runs `workers` loops of random writes until `stopped()` says the server is gone (every worker's
 * last request then fails with a dropped connection).
 */
export async function writeStream(api: Api, ledger: Ledger, holeId: number, workers: number, stopped: () => boolean) {
  const worker = async () => {
    // Only this worker updates its persons: two updates of one row are never in flight together.
    const own: number[] = [];
    while (!stopped()) {
      const dice = Math.random();
      if (dice < 0.3) {
        const id = await createPerson(api, ledger);
        if (id !== undefined) own.push(id);
      } else if (dice < 0.5) await createCore(api, ledger, holeId);
      else if (dice < 0.8 && own.length > 0) await updatePerson(api, ledger, own);
      else await upload(api, ledger);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}
