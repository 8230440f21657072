import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

export type Row = Record<string, unknown>;
export type Headers = Record<string, string>;

/** One part of a multipart body: a text field, or a file with its name and bytes. */
export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser builds it (the original client's field names). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Headers } {
  const boundary = `----mdis${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The upload screen's request: `FilesUploadNewFormModel[files][0]`, the flag and uploadPath. */
export function uploadParts(filename: string, data: Buffer, extra: Record<string, string> = {}): Part[] {
  return [
    { name: 'FilesUploadNewFormModel[files][0]', filename, type: 'application/octet-stream', data },
    { name: 'FilesUploadNewFormModel[isNewUpload]', value: '1' },
    { name: 'FilesUploadNewFormModel[uploadPath]', value: 'upload' },
    ...Object.entries(extra).map(([name, value]) => ({ name: `FilesUploadNewFormModel[${name}]`, value })),
  ];
}

/** Real image files, made by sharp: a JPEG with an EXIF date, a wide PNG, a tall TIFF. */
export async function imageFixtures() {
  const raw = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } });
  return {
    jpeg: await raw(1600, 1200)
      .jpeg()
      .withExif({ IFD0: { DateTime: '2024:05:03 10:15:00' }, IFD2: { DateTimeOriginal: '2024:05:03 10:15:00' } })
      .toBuffer(),
    png: await raw(2400, 1600).png().toBuffer(),
    tiff: await raw(600, 3000).tiff().toBuffer(),
  };
}

export function createClient(app: FastifyInstance) {
  async function upload(parts: Part[], headers: Headers) {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/v1/file/upload',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }

  return {
    upload,
    async uploaded(filename: string, data: Buffer, headers: Headers, extra: Record<string, string> = {}): Promise<Row> {
      const response = await upload(uploadParts(filename, data, extra), headers);
      expect(response.statusCode, response.body).toBe(201);
      const items = response.json<{ items: Row[] }>().items;
      expect(items).toHaveLength(1);
      return items[0];
    },
    async json<T = Row>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object, status = 200) {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      return response.json<T>();
    },
    async create(form: string, payload: Row, headers: Headers): Promise<Row> {
      const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, headers, payload });
      expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
      return response.json<Row>();
    },
  };
}

export type FilesClient = ReturnType<typeof createClient>;

/** An expedition down to a section: program, expedition `code`, site 1, hole A, core 1 (63.5 mm), section 1. */
export async function drillingChain(client: FilesClient, headers: Headers, code: string, programId?: unknown) {
  const program = programId ?? (await client.create('program', { program: 'ICDP', name: 'ICDP' }, headers)).id;
  const expedition = await client.create(
    'expedition',
    {
      program_id: program,
      expedition: code,
      exp_name: `Expedition ${code}`,
      exp_acronym: `EXP${code}`,
      chief_scientists: ['AM'],
      contact: 'Anna',
      start_date: '2024-05-01',
    },
    headers,
  );
  const site = await client.create('site', { expedition_id: expedition.id, site: '1' }, headers);
  const hole = await client.create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' }, headers);
  const core = await client.create(
    'core',
    {
      hole_id: hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 100,
      drilled_length: 3,
      core_recovery: 2.7,
      core_diameter: 63.5,
    },
    headers,
  );
  const section = await client.create('section', { core_id: core.id, section: 1, section_length: 0.95 }, headers);
  return { program, expedition, site, hole, core, section };
}
