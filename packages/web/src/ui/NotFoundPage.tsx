import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { NOT_FOUND_PAGE_TEXT } from '@mdis/shared';

export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {NOT_FOUND_PAGE_TEXT.title}
      </Typography>
      <Typography variant="h6" component="p" gutterBottom>
        {NOT_FOUND_PAGE_TEXT.message}
      </Typography>
      <Link component={RouterLink} to="/">
        Dashboard
      </Link>
    </Box>
  );
}
