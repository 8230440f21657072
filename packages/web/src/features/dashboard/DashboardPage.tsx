import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { WIDGET_UI_MESSAGES, type Widget, type WidgetType } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeading } from '../../ui/PageHeading';
import { AddWidgetMenu } from './AddWidgetMenu';
import { mayEditDashboard } from './board/boardLists';
import { WidgetBoard } from './board/WidgetBoard';
import { WidgetSettingsDialog } from './settings/WidgetSettingsDialog';
import { needsSettingsFirst, newWidget } from './settings/widgetForm';
import { useDashboard } from './useDashboard';
import { WelcomeDialog } from './welcome/WelcomeDialog';
import { widgetDefinition } from './widgets/widgetRegistry';

/** The dashboard (spec 2 §2): the active widgets, and in edit mode the inactive ones and the tools. */
export function DashboardPage() {
  const { user } = useSessionContext();
  const mayEdit = mayEditDashboard(user?.roles);
  const [editMode, setEditMode] = useState(false);
  const [settingsOf, setSettingsOf] = useState<Widget | null>(null);
  const [deleting, setDeleting] = useState<Widget | null>(null);
  const [adding, setAdding] = useState<Widget | null>(null);
  const { query, add, create, duplicate, remove, save, reorder } = useDashboard();
  const editing = mayEdit && editMode;
  const addWidget = (type: WidgetType) => {
    const title = widgetDefinition(type).label;
    if (needsSettingsFirst(type)) setAdding(newWidget(type, title));
    else void add({ type, title });
  };

  const tools = mayEdit && (
    <Stack direction="row" spacing={2} alignItems="center">
      {editing && <AddWidgetMenu onAdd={addWidget} />}
      <FormControlLabel
        control={<Switch checked={editMode} onChange={(event) => setEditMode(event.target.checked)} />}
        label="edit mode"
      />
    </Stack>
  );

  return (
    <>
      <PageHeading title="Dashboard" actions={tools} />
      {query.isPending && <LinearProgress aria-label="loading widgets" />}
      {query.isError && <Alert severity="warning">{WIDGET_UI_MESSAGES.load}</Alert>}
      {query.data && (
        <WidgetBoard
          widgets={query.data}
          editMode={editing}
          onReorder={(lists) => void reorder(lists)}
          onSettings={setSettingsOf}
          onDuplicate={(widget) => void duplicate(widget.id)}
          onDelete={setDeleting}
        />
      )}
      <WelcomeDialog signedIn={Boolean(user)} />
      {settingsOf && <WidgetSettingsDialog widget={settingsOf} save={save} onClose={() => setSettingsOf(null)} />}
      {adding && (
        <WidgetSettingsDialog
          widget={adding}
          save={(_, body) => create({ ...body, type: adding.type })}
          onClose={() => setAdding(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete a Widget"
        message="This action cannot be reverted. Are you sure?"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
