import { reportActionBodySchema, reportListsSchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import type { ReportOutput } from './report-definition';
import { REPORT_ACTION_SCRIPT, REPORT_ACTION_SCRIPT_PATH } from './report-action-script';
import { parseReportQuery, reportQuerySchema } from './report-query';
import { PRINT_SCRIPT_PATH, type ReportsService } from './reports.service';

// Every signed-in user; what a report shows is decided by the records engine (form permissions,
// limited access) and, for a few reports, a role (report-target.ts).
const user = { access: 'user' } as const;
const tags = ['reports'];
const nameQuery = z.object({ name: z.string().min(1) });
const printQuery = z.object({ name: z.string().min(1), id: z.string().min(1), reportName: z.string().min(1) });
const nameParams = z.object({ name: z.string().min(1).max(100) });
const actionResult = z.object({ message: z.string(), changed: z.number().int() });
// An action's parameters: short texts or numbers (CreateSampleSeries: top, length, …).
const actionParam = z.union([z.string().max(200), z.number()]);

// What the query names (the records the action runs on) cannot be redirected by the body.
const NOT_FROM_BODY = new Set(['confirmed', 'form', 'model', 'id', 'specific-ids', 'filters', 'sort', 'columns']);

/** The action's parameters from the body, as the query's extras (strings, like a query string's). */
function actionParams(body: Record<string, unknown> | null | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body ?? {})) {
    if (!NOT_FROM_BODY.has(name) && actionParam.safeParse(value).success) params[name] = String(value);
  }
  return params;
}

/** `api/v1/app/reports`, `api/v1/form/reports?name=`, `api/v1/global/reports?name=`. */
export const reportsApiPlugin: FastifyPluginCallbackZod<{ reports: ReportsService }> = (app, { reports }, done) => {
  const lists = { 200: reportListsSchema };
  app.get('/app/reports', { config: user, schema: { tags, response: lists } }, () => reports.all());
  // A static path: it wins over the records plugin's `form/:id`, whatever the registration order.
  app.get('/form/reports', { config: user, schema: { tags, querystring: nameQuery, response: lists } }, (request) =>
    reports.forTarget('form', request.query.name),
  );
  app.get('/global/reports', { config: user, schema: { tags, querystring: nameQuery, response: lists } }, (request) =>
    reports.forTarget('global', request.query.name),
  );
  // Server-side print of one record (spec 1 §7 'print, by id and report name'): the same output as
  // `report/{reportName}?form={name}&id={id}`, for clients that call with the bearer header.
  for (const kind of ['form', 'global'] as const) {
    app.get(`/${kind}/print`, { config: user, schema: { tags, querystring: printQuery } }, async (request, reply) => {
      const { name, id, reportName } = request.query;
      const target = kind === 'form' ? { form: name } : { model: name };
      const query = parseReportQuery({ ...target, id });
      return send(reply, await reports.render(reportName, currentUser(request), query));
    });
  }
  done();
};

function send(reply: { type(t: string): unknown; header(k: string, v: string): unknown }, output: ReportOutput) {
  reply.type(output.contentType);
  // Reports are per user and per moment: never from a shared cache.
  reply.header('cache-control', 'no-store');
  if (output.fileName) reply.header('content-disposition', `attachment; filename="${output.fileName}"`);
  if (output.total !== undefined) reply.header('x-total-count', String(output.total));
  return output.body;
}

/**
 * `report/{name}` at the site root, not under `api/v1`, as the original serves it (DESIGN §5). GET
 * is opened in a new window, so the session cookie
 * stands in for the header; an action report's GET only previews. Its POST needs the bearer header
 * (cookies count only on GET) and `{ confirmed: true }`.
 */
export const reportPagesPlugin: FastifyPluginCallbackZod<{ reports: ReportsService }> = (app, { reports }, done) => {
  // Holds no data: public, so that it loads whatever the cookie says.
  app.get(`/${PRINT_SCRIPT_PATH}`, { config: { access: 'public' }, schema: { tags } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send("window.addEventListener('load', () => window.print());\n"),
  );
  app.get(`/${REPORT_ACTION_SCRIPT_PATH}`, { config: { access: 'public' }, schema: { tags } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(REPORT_ACTION_SCRIPT),
  );
  app.get(
    '/:name',
    { config: user, schema: { tags, params: nameParams, querystring: reportQuerySchema } },
    async (request, reply) => {
      const query = parseReportQuery(request.query);
      return send(reply, await reports.render(request.params.name, currentUser(request), query));
    },
  );
  app.post(
    '/:name',
    {
      config: user,
      // Before the body is validated: who may not run the action learns nothing about its input.
      preValidation: (request) =>
        reports.authorizeAction((request.params as { name?: string }).name ?? '', currentUser(request)),
      schema: {
        tags,
        params: nameParams,
        querystring: reportQuerySchema,
        body: reportActionBodySchema,
        response: { 200: actionResult },
      },
    },
    (request) => {
      const query = parseReportQuery({ ...request.query, ...actionParams(request.body) });
      const confirmed = request.body?.confirmed === true;
      return reports.run(request.params.name, currentUser(request), query, confirmed);
    },
  );
  done();
};
