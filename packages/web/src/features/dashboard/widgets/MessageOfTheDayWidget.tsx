import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGE_MESSAGES, type Message } from '@mdis/shared';
import { errorMessage } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { messageKeys, messagesApi } from '../posts.api';
import { MessageCalendar } from './messages/MessageCalendar';
import { monthBounds, monthOf, today } from './messages/messageDates';
import { MessageDayPager, type MessageDayPagerProps } from './messages/MessageDayPager';
import { MessageForm } from './messages/MessageForm';
import { MessagePreview } from './messages/MessagePreview';
import { DELETE_CONFIRMATION } from './PostBoxWidget';
import { textSetting } from './settingValues';
import { useMayWrite } from './useMayWrite';
import type { WidgetProps } from './widgetTypes';
import { DialogHeader } from '../../../ui/DialogHeader';

const CALENDAR_COLUMNS: Record<string, number> = { xs3: 3, xs4: 4, xs6: 6, xs9: 9 };
// The widget's own width decides, not the screen's (a 4/12 widget on a wide screen is narrow):
// calendar and tabs side by side only when both get their minimum, else stacked.
const CALENDAR_MIN_PX = 260;
const TABS_MIN_PX = 300;
const SIDE_BY_SIDE_FROM_PX = CALENDAR_MIN_PX + TABS_MIN_PX + 16;

function layoutSx(calendarColumns: number) {
  return {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [`@container (min-width: ${String(SIDE_BY_SIDE_FROM_PX)}px)`]: {
      gridTemplateColumns: `minmax(${String(CALENDAR_MIN_PX)}px, ${String(calendarColumns)}fr) minmax(${String(TABS_MIN_PX)}px, ${String(12 - calendarColumns)}fr)`,
    },
  } as const;
}

function useMessages(month: string) {
  const latest = useQuery({ queryKey: messageKeys.latest(), queryFn: messagesApi.latest });
  const inMonth = useQuery({
    queryKey: messageKeys.month(month),
    queryFn: () => {
      const { after, before } = monthBounds(month);
      return messagesApi.between(after, before);
    },
  });
  return { latest, inMonth };
}

function EmptyCalendarText() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {MESSAGE_MESSAGES.emptyCalendar}
    </Typography>
  );
}

interface MessageEditDialogProps {
  message: Message;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

function MessageEditDialog({ message, onClose, onSaved }: MessageEditDialogProps) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="message-edit-title">
      <DialogHeader id="message-edit-title" onClose={onClose}>
        Edit Message
      </DialogHeader>
      <DialogContent>
        <MessageForm
          message={message}
          onSave={(body) => messagesApi.update(message.id, body)}
          onSaved={() => {
            onClose();
            void onSaved();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

interface MessageTabsProps {
  tab: number;
  onTabChange: (tab: number) => void;
  shown: Message | null;
  /** When the selected day holds more than one message. */
  pager?: MessageDayPagerProps;
  emptyText: string;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  onCreated: () => void;
}

/** 'Last Message' (the selected or latest one) and 'New Message' (the form). */
function MessageTabs({ tab, onTabChange, shown, pager, emptyText, onEdit, onDelete, onCreated }: MessageTabsProps) {
  const mayWrite = useMayWrite();
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: number) => onTabChange(next)}
        aria-label="message of the day"
        // In a narrow widget the tabs shrink and their labels wrap rather than one being cut off.
        sx={{ '& .MuiTab-root': { flexShrink: 1, minWidth: 0 } }}
      >
        <Tab label="Last Message" />
        {mayWrite && <Tab label="New Message" />}
      </Tabs>
      <Box sx={{ pt: 1 }}>
        {tab === 0 && pager && <MessageDayPager {...pager} />}
        {tab === 0 &&
          (shown ? (
            <MessagePreview message={shown} onEdit={() => onEdit(shown)} onDelete={() => onDelete(shown)} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {emptyText}
            </Typography>
          ))}
        {tab === 1 && mayWrite && <MessageForm onSave={messagesApi.create} onSaved={onCreated} />}
      </Box>
    </>
  );
}

interface DeleteMessageDialogProps {
  message: Message | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** 'Delete a Message' asks first: 'This action cannot be reverted. Are you sure?' (spec 2 §8). */
function DeleteMessageDialog({ message, onClose, onDeleted }: DeleteMessageDialogProps) {
  const { warn } = useNotifications();
  const handleConfirm = async (doomed: Message) => {
    onClose();
    try {
      await messagesApi.remove(doomed.id);
      onDeleted();
    } catch (error) {
      warn(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(message)}
      title="Delete a Message"
      message={DELETE_CONFIRMATION}
      onCancel={onClose}
      onConfirm={() => {
        if (message) void handleConfirm(message);
      }}
    />
  );
}

/** The day picked in the calendar and which of its messages is shown (a day may hold several). */
function useDaySelection(monthMessages: readonly Message[]) {
  const [selection, setSelection] = useState<{ day: string | null; index: number }>({ day: null, index: 0 });
  const dayMessages = monthMessages.filter((message) => message.date === selection.day);
  const index = Math.max(0, Math.min(selection.index, dayMessages.length - 1));
  const pager: MessageDayPagerProps | undefined =
    dayMessages.length > 1
      ? { index, count: dayMessages.length, onChange: (next) => setSelection({ day: selection.day, index: next }) }
      : undefined;
  return {
    selectedDay: selection.day,
    setSelectedDay: (day: string | null) => setSelection({ day, index: 0 }),
    selected: dayMessages.at(index),
    pager,
  };
}

/** Messages of the day: a calendar, the selected or latest message, and a form for a new one. */
export function MessageOfTheDayWidget({ widget }: WidgetProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [month, setMonth] = useState(() => monthOf(today()));
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const { latest, inMonth } = useMessages(month);
  const reload = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
  const monthMessages = inMonth.data ?? [];
  const { selectedDay, setSelectedDay, selected, pager } = useDaySelection(monthMessages);
  const shown = selected ?? latest.data ?? null;
  const calendarColumns = CALENDAR_COLUMNS[textSetting(widget.extraSettings, 'calendarWidth')] ?? 4;

  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box sx={layoutSx(calendarColumns)}>
        <Box sx={{ maxWidth: 320, minWidth: 0 }}>
          <MessageCalendar
            month={month}
            onMonthChange={setMonth}
            messageDays={new Set(monthMessages.map((message) => message.date))}
            selected={selectedDay}
            onSelect={(day) => {
              setSelectedDay(day);
              setTab(0);
            }}
          />
          {latest.isSuccess && latest.data === null && <EmptyCalendarText />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <MessageTabs
            tab={tab}
            onTabChange={setTab}
            shown={shown}
            pager={pager}
            emptyText={latest.isError ? errorMessage(latest.error) : 'No message yet.'}
            onEdit={setEditing}
            onDelete={setDeleting}
            onCreated={() => {
              void reload();
              setSelectedDay(null);
              setTab(0);
            }}
          />
        </Box>
      </Box>
      {editing && <MessageEditDialog message={editing} onClose={() => setEditing(null)} onSaved={reload} />}
      <DeleteMessageDialog
        message={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setSelectedDay(null);
          void reload();
        }}
      />
    </Box>
  );
}
