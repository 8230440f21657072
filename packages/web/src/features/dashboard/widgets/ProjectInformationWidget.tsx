import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { versionText } from '../../../platform/version/versionText';
import { numberSetting, textSetting } from './settingValues';
import type { WidgetProps } from './widgetTypes';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The project's name, description, contact, image and website, and the version of the app. */
export function ProjectInformationWidget({ widget }: WidgetProps) {
  const settings = widget.extraSettings;
  const image = textSetting(settings, 'projectImage');
  const website = textSetting(settings, 'websiteLink');
  const alignment = textSetting(settings, 'imageAlignment');
  const stack = textSetting(settings, 'imageTextStack') === 'row' ? 'row' : 'column';
  return (
    <Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: stack }, gap: 2 }}>
        {image && (
          <Box
            sx={{
              display: 'flex',
              justifyContent: alignment in JUSTIFY ? JUSTIFY[alignment as keyof typeof JUSTIFY] : 'center',
              flexShrink: 0,
            }}
          >
            <Box
              component="img"
              src={image}
              alt={textSetting(settings, 'projectName') || 'project image'}
              sx={{ width: `${String(numberSetting(settings, 'imageWidth', 50))}%`, height: 'auto' }}
            />
          </Box>
        )}
        <Box>
          <Typography variant="h6" component="p">
            {textSetting(settings, 'projectName')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {textSetting(settings, 'projectDescription')}
          </Typography>
          {textSetting(settings, 'projectContact') && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
              {textSetting(settings, 'projectContact')}
            </Typography>
          )}
          {website && (
            <Link href={website} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', mt: 1 }}>
              {website}
            </Link>
          )}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        {versionText()}
      </Typography>
    </Box>
  );
}
