import { describe, expect, it } from 'vitest';
import { renderReportHtml } from '../src/migrate-mdis/report-html';
import type { VerificationReport } from '../src/migrate-mdis/verify';

const run = {
  source: 'mysql://root:***@db:3306/mdis',
  finishedAt: '2026-11-27T04:00:00.000Z',
  rowsWritten: 1234,
  copySeconds: 1.5,
  seconds: 3,
  dryRun: false,
};

const report: VerificationReport = {
  tables: [
    {
      table: 'core_core',
      source: 'core_core',
      sourceRows: 24,
      targetRows: 23,
      columns: [
        { column: 'core', source: 'aaaa', target: 'aaaa', same: true },
        { column: 'remarks', source: 'bbbb', target: 'cccc', same: false },
      ],
    },
    { table: 'widgets', source: 'widget', sourceRows: 3, targetRows: 3, columns: [] },
  ],
  brokenReferences: [{ table: 'core_section', column: 'core_id', references: 'core_core', rows: 2 }],
  files: [
    { id: 9, filename: 'PH_<img src=x onerror=alert(1)>.jpg', problem: 'checksum differs', detail: 'row a, bytes b' },
  ],
  users: { source: 7, target: 6 },
  warnings: ['core_core.remarks: "quoted" & <b>bold</b>'],
  unsupported: [],
  differences: 6,
};

describe('the migration report as HTML', () => {
  it('shows rows, checksums, broken references, files and warnings, every source text escaped', () => {
    const html = renderReportHtml(report, run);
    expect(html).toContain('6 difference(s)');
    expect(html).toMatch(
      /DIFFERENT<\/span><\/td><td>core_core<\/td><td>core_core<\/td><td class="n">24<\/td><td class="n">23/,
    );
    expect(html).toContain(
      '<tr><td>remarks</td><td><code>bbbb</code></td><td><code>cccc</code></td><td class="diff">differs</td></tr>',
    );
    expect(html).toContain('<td>core_section</td><td>core_id</td><td>core_core</td><td class="n">2</td>');
    expect(html).toContain('Users: 7 in the source, 6 here <span class="diff">DIFFERENT</span>');
    expect(html).toContain('PH_&lt;img src=x onerror=alert(1)&gt;.jpg');
    expect(html).toContain('core_core.remarks: &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toMatch(/<img|<b>|<script/);
  });

  it('says so when there is no difference', () => {
    const clean = {
      ...report,
      tables: [],
      brokenReferences: [],
      files: [],
      users: { source: 1, target: 1 },
      differences: 0,
    };
    const html = renderReportHtml(clean, run);
    expect(html).toContain('No differences: every table, column checksum, reference and file matches.');
    expect(html).toContain('None: every parent reference points at a row.');
  });
});
