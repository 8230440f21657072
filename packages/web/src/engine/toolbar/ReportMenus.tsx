import { useState } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { REPORT_MESSAGES } from '@mdis/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AutoPrintMenu } from './AutoPrintMenu';
import { ExportProgressBar } from './ExportProgressBar';
import { entryTitle, type ReportEntry } from './reportLinks';
import { ToolbarAction, useOverflowMenu } from './ToolbarAction';

export const REPORT_CONFIRM_TITLE = REPORT_MESSAGES.confirmTitle;

interface ReportMenuProps {
  label: string;
  icon: React.ReactNode;
  entries: ReportEntry[];
  onRun: (entry: ReportEntry) => void;
  /** A line above the entries saying what they will run on. */
  caption?: string;
}

/** What a list export runs on: the ticked rows, or (none ticked) the whole list, said before it runs. */
export function exportScope(ticked: number, listCount: number): string {
  if (ticked > 0) return `On the ${ticked.toLocaleString('en-US')} selected row(s)`;
  return `No rows selected: on all ${listCount.toLocaleString('en-US')} record(s) of the list`;
}

function ReportMenu({ label, icon, entries, onRun, caption }: ReportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const overflow = useOverflowMenu();
  return (
    <>
      <ToolbarAction
        icon={icon}
        opensMenu
        aria-expanded={anchor !== null}
        disabled={entries.length === 0}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </ToolbarAction>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label={`${label} menu`}>
        {caption && (
          <MenuItem disabled dense divider>
            {caption}
          </MenuItem>
        )}
        {entries.map((entry) => (
          <MenuItem
            key={`${entry.single ? 's' : 'm'}-${entry.report.name}`}
            onClick={() => {
              setAnchor(null);
              overflow?.close(); // chosen: the 'More actions' menu it was opened from closes too
              onRun(entry);
            }}
          >
            {entryTitle(entry, entries)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export interface ReportMenusProps {
  exports: ReportEntry[];
  reports: ReportEntry[];
  /** Opens the report (in a new window); called after the report's confirmation, if it has one. */
  onRun: (entry: ReportEntry) => void;
  /** The form whose auto-print setting the Auto print menu edits (none: no such menu). */
  autoPrintForm?: string;
  /** Rows ticked in the table, and records in the list: the Export menu says which it runs on. */
  tickedCount?: number;
  listCount?: number;
}

/** The Export menu and the report menu, filled from `form/reports`. */
export function ReportMenus({ exports, reports, onRun, autoPrintForm, tickedCount, listCount }: ReportMenusProps) {
  const [confirming, setConfirming] = useState<ReportEntry | null>(null);
  const run = (entry: ReportEntry) => {
    // A report that opens its own page asks there, before it changes anything.
    if (entry.report.confirmationMessage && !entry.report.opensPage) setConfirming(entry);
    else onRun(entry);
  };
  return (
    <>
      <ReportMenu
        label="Export"
        icon={<DownloadIcon />}
        entries={exports}
        onRun={run}
        caption={tickedCount === undefined ? undefined : exportScope(tickedCount, listCount ?? 0)}
      />
      <ReportMenu label="Reports" icon={<PrintIcon />} entries={reports} onRun={run} />
      {autoPrintForm !== undefined && <AutoPrintMenu formName={autoPrintForm} />}
      <ExportProgressBar />
      <ConfirmDialog
        open={confirming !== null}
        title={REPORT_CONFIRM_TITLE}
        message={confirming?.report.confirmationMessage ?? ''}
        confirmLabel="OK"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onRun(confirming);
          setConfirming(null);
        }}
      />
    </>
  );
}
