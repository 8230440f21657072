import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface SettingsTileProps {
  title: string;
  description: string;
  icon: ReactNode;
  /** An app route, or an external address (opened in a new tab). */
  to: string;
}

export function SettingsTile({ title, description, icon, to }: SettingsTileProps) {
  const external = /^https?:\/\//.test(to);
  const linkProps = external
    ? { component: 'a' as const, href: to, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea {...linkProps} sx={{ height: '100%' }}>
        <CardContent sx={{ textAlign: 'center' }}>
          {icon}
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
