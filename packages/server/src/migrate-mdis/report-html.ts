import type { TableReport, VerificationReport } from './verify';

// The verification report as one self-contained HTML page (no scripts, no external files), for
// the people who sign the move off: every value from the source or the templates is escaped.

export interface ReportRun {
  source: string;
  finishedAt: string;
  rowsWritten: number;
  copySeconds: number;
  seconds: number;
  dryRun: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const count = (n: number) => n.toLocaleString('en-US');

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d2327}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid #d5d9dd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:.85em;word-break:break-all}
.ok{color:#1b6e2d;font-weight:600}.diff{color:#a8071a;font-weight:600}
.summary{padding:.75rem 1rem;border-radius:4px;border:1px solid}
.summary.ok{background:#edf7ee;border-color:#1b6e2d}.summary.diff{background:#fdeeee;border-color:#a8071a}
details{margin:.25rem 0}summary{cursor:pointer}`;

function section(title: string, rows: string[], empty: string): string {
  return `<h2>${escape(title)}</h2>\n${rows.length ? rows.join('\n') : `<p>${escape(empty)}</p>`}`;
}

function list(title: string, items: readonly string[], empty: string): string {
  return section(title, items.length ? [`<ul>${items.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>`] : [], empty);
}

function tableRow(t: TableReport): string {
  const same = t.columns.filter((c) => c.same).length;
  const ok = t.sourceRows === t.targetRows && same === t.columns.length;
  const status = `<span class="${ok ? 'ok' : 'diff'}">${ok ? 'ok' : 'DIFFERENT'}</span>`;
  const checksums = t.columns
    .map(
      (c) =>
        `<tr><td>${escape(c.column)}</td><td><code>${escape(c.source)}</code></td><td><code>${escape(c.target)}</code></td><td class="${c.same ? 'ok' : 'diff'}">${c.same ? 'same' : 'differs'}</td></tr>`,
    )
    .join('');
  const details = t.columns.length
    ? `<details${ok ? '' : ' open'}><summary>${String(same)}/${String(t.columns.length)} columns with equal checksums</summary><table><tr><th>column</th><th>source checksum</th><th>target checksum</th><th></th></tr>${checksums}</table></details>`
    : 'no columns compared';
  return `<tr><td>${status}</td><td>${escape(t.table)}</td><td>${escape(t.source)}</td><td class="n">${count(t.sourceRows)}</td><td class="n">${count(t.targetRows)}</td><td>${details}</td></tr>`;
}

/** The report as an HTML page: summary, rows and checksums per table, references, files, warnings. */
export function renderReportHtml(report: VerificationReport, run: ReportRun): string {
  const clean = report.differences === 0;
  const headline = run.dryRun
    ? 'Dry run: the source was counted, nothing was written.'
    : clean
      ? 'No differences: every table, column checksum, reference and file matches.'
      : `${count(report.differences)} difference(s): see the rows marked DIFFERENT below.`;
  const users = report.users.source === report.users.target;
  const parts = [
    `<h1>mDIS v3 migration: verification report</h1>`,
    `<p class="summary ${clean ? 'ok' : 'diff'}">${escape(headline)}</p>`,
    `<p>Source <code>${escape(run.source)}</code>, finished ${escape(run.finishedAt)}. Wrote ${count(run.rowsWritten)} rows in ${run.copySeconds.toFixed(1)} s; ${run.seconds.toFixed(1)} s in all.</p>`,
    `<h2>Rows and checksums per table</h2>`,
    `<table><tr><th></th><th>table</th><th>source table</th><th>source rows</th><th>target rows</th><th>columns</th></tr>${report.tables.map(tableRow).join('\n')}</table>`,
    `<p>Users: ${count(report.users.source)} in the source, ${count(report.users.target)} here <span class="${users ? 'ok' : 'diff'}">${users ? 'ok' : 'DIFFERENT'}</span>.</p>`,
    section(
      'Broken references',
      report.brokenReferences.length
        ? [
            `<table><tr><th>table</th><th>column</th><th>references</th><th>rows</th></tr>${report.brokenReferences
              .map(
                (b) =>
                  `<tr><td>${escape(b.table)}</td><td>${escape(b.column)}</td><td>${escape(b.references)}</td><td class="n">${count(b.rows)}</td></tr>`,
              )
              .join('')}</table>`,
          ]
        : [],
      'None: every parent reference points at a row.',
    ),
    section(
      'Files',
      report.files.length
        ? [
            `<table><tr><th>id</th><th>file</th><th>problem</th><th>detail</th></tr>${report.files
              .map(
                (f) =>
                  `<tr><td class="n">${String(f.id)}</td><td>${escape(f.filename)}</td><td class="diff">${escape(f.problem)}</td><td>${escape(f.detail ?? '')}</td></tr>`,
              )
              .join('')}</table>`,
          ]
        : [],
      'None missing: every archive file is in the storage with the bytes its checksum names.',
    ),
    list('Not supported (kept in the templates)', report.unsupported, 'Nothing.'),
    list('Warnings', report.warnings, 'None.'),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>mDIS v3 migration report</title><style>${STYLE}</style></head>
<body>
${parts.join('\n')}
</body></html>
`;
}
