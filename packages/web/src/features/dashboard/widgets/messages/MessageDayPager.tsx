import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

export interface MessageDayPagerProps {
  /** 0-based position of the message shown among the day's messages. */
  index: number;
  count: number;
  onChange: (index: number) => void;
}

/** 'Message 1 of 2' with previous/next: a day of the calendar may hold several messages. */
export function MessageDayPager({ index, count, onChange }: MessageDayPagerProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label="previous message of the day"
        disabled={index === 0}
        onClick={() => onChange(index - 1)}
      >
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" color="text.secondary">
        Message {index + 1} of {count}
      </Typography>
      <IconButton
        size="small"
        aria-label="next message of the day"
        disabled={index >= count - 1}
        onClick={() => onChange(index + 1)}
      >
        <ChevronRightIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
