import { AppError, REPORT_MESSAGES, type ReportLists } from '@mdis/shared';
import { FORM_NOT_FOUND } from '../../engine/records/record-target';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import type { ActionResult, ReportDeps, ReportInput, ReportOutput } from './report-definition';
import { escapeHtml } from './report-page';
import type { ReportQuery } from './report-query';
import { REPORTS, findReport, reportLists, reportsForModel } from './report-registry';
import { assertRecordsMode, assertReportRole, resolveReportTarget } from './report-target';

// Direct print (`print=1`): the page opens the print dialog once loaded. A same-origin script,
// since the content security policy allows no inline script.
export const PRINT_SCRIPT_PATH = 'assets/print.js';

// The page is served at /report/{name}: the bundled logo lives at the site root.
const BUNDLED_LOGO = '../mdis-icon.svg';

/** The repository logo (app config AppIcon, else the bundled one) at the start of the common header. */
function withLogo(output: ReportOutput, appIcon: unknown): ReportOutput {
  if (typeof output.body !== 'string' || !output.contentType.startsWith('text/html')) return output;
  const src = typeof appIcon === 'string' && appIcon !== '' ? appIcon : BUNDLED_LOGO;
  const logo = `<img class="logo" src="${escapeHtml(src)}" alt="logo">`;
  return {
    ...output,
    body: output.body.replace('<header class="report-header">', `<header class="report-header">${logo}`),
  };
}

function withAutoPrint(output: ReportOutput, query: ReportQuery): ReportOutput {
  if (query.extra.print !== '1' || typeof output.body !== 'string' || !output.contentType.startsWith('text/html')) {
    return output;
  }
  return {
    ...output,
    body: output.body.replace('</head>', `<script src="${PRINT_SCRIPT_PATH}" defer></script></head>`),
  };
}

/** The report registry and running reports: permissions come from the records engine underneath. */
export function createReportsService(deps: ReportDeps) {
  async function prepare(name: string, user: AuthenticatedUser, query: ReportQuery): Promise<ReportInput> {
    const definition = findReport(name);
    if (!definition) throw new AppError('NOT_FOUND', REPORT_MESSAGES.notFound(name));
    assertReportRole(definition, user);
    if (definition.standalone) return { deps, user, query, definition, target: undefined };
    const target = await resolveReportTarget(deps, definition, query);
    assertRecordsMode(definition, query);
    return { deps, user, query, definition, target };
  }

  /** An action changes records of the model it `writes`: edit permission on it comes before anything else. */
  async function authorizeAction(name: string, user: AuthenticatedUser): Promise<void> {
    const writes = findReport(name)?.writes;
    if (writes !== undefined) await deps.records.scope(user, { kind: 'global', name: writes }, 'edit');
  }

  return {
    authorizeAction,

    /** `app/reports`: every report a form may offer. */
    all: (): ReportLists => reportLists(REPORTS.filter((report) => !report.standalone)),

    /** `form/reports?name=` (a form) or `global/reports?name=` (a model). */
    forTarget: async (kind: 'form' | 'global', name: string): Promise<ReportLists> => {
      const modelName = kind === 'form' ? (await deps.templates.getForm(name))?.dataModel : name;
      if (!modelName) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
      return reportLists(reportsForModel(modelName));
    },

    /** GET report/{name}: the page or file; an action report shows what it would do. */
    render: async (name: string, user: AuthenticatedUser, query: ReportQuery): Promise<ReportOutput> => {
      const input = await prepare(name, user, query);
      const output = await input.definition.render(input);
      return withAutoPrint(withLogo(output, await deps.appConfig.get('AppIcon')), query);
    },

    /** POST report/{name}: an action report, only when the request confirms it. */
    run: async (
      name: string,
      user: AuthenticatedUser,
      query: ReportQuery,
      confirmed: boolean,
    ): Promise<ActionResult> => {
      await authorizeAction(name, user);
      const input = await prepare(name, user, query);
      const { definition } = input;
      if (definition.type !== 'action' || !definition.run) {
        throw new AppError('BAD_REQUEST', `${name} is not an action report: open it with GET.`);
      }
      if (!confirmed) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.confirmationRequired);
      return definition.run(input);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
