import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { recordKeys, recordsApi } from '../api/records.api';
import { type AutoPrintSetting, autoPrintSetting, storeAutoPrint } from './autoPrint';
import { ToolbarAction } from './ToolbarAction';

export const PRINT_ON_SAVE = 'Print after save';
export const NO_AUTO_PRINT = 'No auto print';

const check = (on: boolean) => (on ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />);
const radio = (on: boolean) =>
  on ? <RadioButtonCheckedIcon fontSize="small" /> : <RadioButtonUncheckedIcon fontSize="small" />;

/** Which report prints a record after each save, and whether it does (spec 1 §3, §4), per form. */
export function AutoPrintMenu({ formName }: { formName: string }) {
  const reports = useQuery({
    queryKey: recordKeys.reports(formName),
    queryFn: () => recordsApi.reports(formName),
    staleTime: Infinity,
  });
  const candidates = (reports.data?.single ?? []).filter((report) => report.canAutoPrint);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Re-read on every render: the stored setting is the one truth (the save reads it too).
  const [, setVersion] = useState(0);
  const setting = autoPrintSetting(formName, reports.data?.single ?? []);
  const change = (next: AutoPrintSetting) => {
    storeAutoPrint(formName, next);
    setVersion((v) => v + 1);
  };
  if (candidates.length === 0) return null;
  return (
    <>
      <ToolbarAction
        icon={<LocalPrintshopIcon />}
        opensMenu
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        color={setting.onSave ? 'secondary' : 'primary'}
      >
        Auto print
      </ToolbarAction>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label="Auto print menu">
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={setting.onSave}
          disabled={setting.report === null}
          onClick={() => change({ ...setting, onSave: !setting.onSave })}
        >
          <ListItemIcon>{check(setting.onSave)}</ListItemIcon>
          {PRINT_ON_SAVE}
        </MenuItem>
        <Divider />
        {candidates.map((report) => (
          <MenuItem
            key={report.name}
            role="menuitemradio"
            aria-checked={setting.report === report.name}
            onClick={() => change({ ...setting, report: report.name })}
          >
            <ListItemIcon>{radio(setting.report === report.name)}</ListItemIcon>
            {report.title ?? report.name}
          </MenuItem>
        ))}
        <MenuItem
          role="menuitemradio"
          aria-checked={setting.report === null}
          onClick={() => change({ report: null, onSave: false })}
        >
          <ListItemIcon>{radio(setting.report === null)}</ListItemIcon>
          {NO_AUTO_PRINT}
        </MenuItem>
      </Menu>
    </>
  );
}
