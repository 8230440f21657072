import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { monthTitle, monthWeeks, shiftMonth, today } from './messageDates';

export interface MessageCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  /** Days that have a message. */
  messageDays: ReadonlySet<string>;
  selected: string | null;
  onSelect: (day: string) => void;
}

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** A month; days with a message are marked and open that message. */
export function MessageCalendar({ month, onMonthChange, messageDays, selected, onSelect }: MessageCalendarProps) {
  const now = today();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton aria-label="previous month" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ flexGrow: 1, textAlign: 'center' }}>{monthTitle(month)}</Typography>
        <IconButton aria-label="next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      {/* rows are display: contents, so the seven columns line up while the grid keeps its rows */}
      <Box
        role="grid"
        aria-label={`messages calendar ${monthTitle(month)}`}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', textAlign: 'center', gap: 0.25 }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          {WEEKDAYS.map((day) => (
            <Typography key={day} role="columnheader" variant="caption" color="text.secondary">
              {day}
            </Typography>
          ))}
        </Box>
        {monthWeeks(month).map((week, weekIndex) => (
          <Box key={week.find(Boolean) ?? weekIndex} role="row" sx={{ display: 'contents' }}>
            {week.map((day, index) =>
              day === null ? (
                <span key={`pad-${String(index)}`} role="gridcell" />
              ) : (
                <ButtonBase
                  key={day}
                  role="gridcell"
                  // the day's number first: what is seen is what is announced (and what voice control hears)
                  aria-label={`${String(Number(day.slice(8)))} ${monthTitle(month)}`}
                  data-day={day}
                  aria-selected={day === selected}
                  data-has-message={messageDays.has(day) || undefined}
                  disabled={!messageDays.has(day)}
                  onClick={() => onSelect(day)}
                  sx={{
                    borderRadius: '50%',
                    aspectRatio: '1',
                    fontSize: 13,
                    fontWeight: messageDays.has(day) ? 700 : 400,
                    bgcolor: day === selected ? 'primary.main' : messageDays.has(day) ? 'action.selected' : undefined,
                    color: day === selected ? 'primary.contrastText' : undefined,
                    outline: day === now ? '1px solid' : undefined,
                  }}
                >
                  {Number(day.slice(8))}
                </ButtonBase>
              ),
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
