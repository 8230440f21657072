import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { textSetting } from './settingValues';
import { EmptyState } from '../../../ui/EmptyState';
import type { WidgetProps } from './widgetTypes';

const FIXED_LINKS = [
  ['videoTutorialsLink', 'Video Tutorials'],
  ['docsPdf', 'Documentation (PDF)'],
  ['userHelpLink', 'User Help'],
  ['dataDescriptionPdf', 'Data Description (PDF)'],
] as const;

function extraLinks(value: unknown): { label: string; link: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const entry = (item ?? {}) as { label?: unknown; link?: unknown };
    return typeof entry.link === 'string' && entry.link
      ? [{ label: typeof entry.label === 'string' && entry.label ? entry.label : entry.link, link: entry.link }]
      : [];
  });
}

/** Links to tutorials, the documentation and help, plus the project's own links. */
export function InstructionsWidget({ widget, openSettings }: WidgetProps) {
  const links = [
    ...FIXED_LINKS.flatMap(([key, label]) => {
      const link = textSetting(widget.extraSettings, key);
      return link ? [{ label, link }] : [];
    }),
    ...extraLinks(widget.extraSettings.extraLinks),
  ];
  if (links.length === 0)
    return (
      <EmptyState
        inline
        title="No instructions yet"
        action={
          openSettings && (
            <Button variant="outlined" onClick={openSettings}>
              Add links
            </Button>
          )
        }
      >
        {openSettings
          ? "Add links to your tutorials and manuals in this widget's settings."
          : "Turn on edit mode and open this widget's settings to add links to your tutorials and manuals."}
      </EmptyState>
    );
  return (
    <List dense aria-label="instructions">
      {links.map(({ label, link }) => (
        <ListItem key={`${label}-${link}`} disableGutters>
          <Link href={link} target="_blank" rel="noopener noreferrer">
            {label}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
