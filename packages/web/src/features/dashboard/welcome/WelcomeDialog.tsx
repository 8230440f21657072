import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useWelcomeMessages } from './useWelcomeMessages';

/** 'Welcome' with today's messages of the day, once per day; Close dismisses it (spec 2 §2). */
export function WelcomeDialog({ signedIn }: { signedIn: boolean }) {
  const { messages, dismiss } = useWelcomeMessages(signedIn);
  return (
    <Dialog open={messages.length > 0} onClose={dismiss} fullWidth maxWidth="sm" aria-labelledby="welcome-title">
      <DialogTitle id="welcome-title">Welcome</DialogTitle>
      <DialogContent>
        {messages.map((message, index) => (
          <Box key={message.id}>
            {index > 0 && <Divider sx={{ my: 1 }} />}
            <Typography variant="caption" color="text.secondary">
              {message.date} · {message.author}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{message.message}</Typography>
            {message.images.map((image) => (
              <Box component="figure" key={image.image_id} sx={{ m: 0, my: 1 }}>
                <Box component="img" src={image.url} alt={image.caption || 'message image'} sx={{ maxWidth: '100%' }} />
                {image.caption && (
                  <Typography component="figcaption" variant="caption">
                    {image.caption}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
