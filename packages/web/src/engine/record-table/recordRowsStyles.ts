import { alpha, darken, lighten, type Theme } from '@mui/material/styles';

// The look of the table's body rows (RecordRows), as one stylesheet per theme instead of emotion
// styles per row and cell. It copies what material-react-table's compact body gave its styled
// MUI TableRow/TableCell: the body2 type, MUI's cell border, half-rem padding, one line with an
// ellipsis, the row's base colour, a ticked row tinted and a hovered one shaded; and the current
// record's row in the primary colour (both through the
// cells' ::after, under the text).

export const ROWS_CLASS = {
  row: 'mdis-rt-row',
  ticked: 'mdis-rt-ticked',
  cell: 'mdis-rt-cell',
  selectCell: 'mdis-rt-select',
  check: 'mdis-rt-check',
  checked: 'mdis-rt-checked',
  /** On the tbody of a virtualised table: rows are laid out as flex rows at their offset. */
  grid: 'mdis-rt-grid',
} as const;

/** The colours material-react-table derives from the theme (its mrtTheme) that the rows use. */
export interface RowColours {
  baseBackgroundColor: string;
  selectedRowBackgroundColor: string;
}

const C = ROWS_CLASS;
const AFTER = { content: '""', position: 'absolute', top: 0, left: 0, height: '100%', width: '100%', zIndex: -1 };

export function recordRowsStyles(theme: Theme, colours: RowColours) {
  const { baseBackgroundColor: base, selectedRowBackgroundColor: ticked } = colours;
  const dark = theme.palette.mode === 'dark';
  const border = dark ? darken(alpha(theme.palette.divider, 1), 0.68) : lighten(alpha(theme.palette.divider, 1), 0.88);
  const hover = dark ? lighten(base, 0.3) : darken(base, 0.3);
  const current = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity * 1.5);
  return {
    [`tr.${C.row}`]: {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      cursor: 'pointer',
      boxSizing: 'border-box',
      position: 'relative',
      width: '100%',
      zIndex: 0,
      backgroundColor: base,
    },
    [`tr.${C.row}:hover > td::after`]: { ...AFTER, backgroundColor: alpha(hover, 0.3) },
    // the current record's row, as MUI marks a selected row (material-react-table's row colour hid it)
    [`tr.${C.row}[aria-current="true"] > td::after`]: { ...AFTER, backgroundColor: current },
    // and a bar at its start, so that it is not taken for a ticked row (also tinted)
    [`tr.${C.row}[aria-current="true"] > td:first-of-type`]: {
      boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
    },
    [`tr.${C.row}.${C.ticked} > td::after`]: { ...AFTER, backgroundColor: ticked },
    [`tr.${C.row}.${C.ticked}:hover > td::after`]: { backgroundColor: alpha(ticked, 0.3) },
    [`td.${C.cell}`]: {
      ...theme.typography.body2,
      color: theme.palette.text.primary,
      textAlign: 'left',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${border}`,
      padding: '0.5rem',
      backgroundColor: 'inherit',
      backgroundImage: 'inherit',
      position: 'relative',
      zIndex: 0,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      outlineOffset: '-1px',
    },
    [`td.${C.cell}:hover`]: { textOverflow: 'clip' },
    [`td.${C.cell}.${C.selectCell}`]: { padding: '0 0.5rem', textOverflow: 'clip' },
    // virtualised: material-react-table's grid layout (flex rows placed by translateY)
    [`tbody.${C.grid} > tr.${C.row}`]: { display: 'flex', position: 'absolute', top: 0 },
    [`tbody.${C.grid} > tr.${C.row} > td.${C.cell}`]: { display: 'flex', alignItems: 'center' },
    ...tickBoxStyles(theme),
  };
}

function tickBoxStyles(theme: Theme) {
  const primary = theme.palette.primary.main;
  return {
    // MUI's small Checkbox (a SwitchBase): a round 28 px hit area around a 20 px box icon
    [`.${C.check}`]: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      height: '1.75rem',
      width: '1.75rem',
      padding: 9,
      borderRadius: '50%',
      verticalAlign: 'middle',
      color: theme.palette.text.secondary,
      zIndex: 0,
      outline: 0,
      '& > svg': { width: '1em', height: '1em', fontSize: '1.25rem', flexShrink: 0, fill: 'currentColor' },
      '& > input': {
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: '100%',
        margin: 0,
        padding: 0,
        opacity: 0,
        cursor: 'inherit',
        zIndex: 1,
      },
      '&:hover': { backgroundColor: alpha(primary, theme.palette.action.hoverOpacity) },
      '&:has(> input:focus-visible)': { outline: `2px solid ${primary}`, outlineOffset: 2 },
    },
    [`.${C.check}.${C.checked}`]: { color: primary },
  };
}
