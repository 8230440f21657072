import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import type { WidgetType } from '@mdis/shared';
import { ADDABLE_WIDGET_TYPES, widgetDefinition } from './widgets/widgetRegistry';

export function AddWidgetMenu({ onAdd }: { onAdd: (type: WidgetType) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button startIcon={<AddIcon />} variant="outlined" onClick={(event) => setAnchor(event.currentTarget)}>
        Add Widget
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {ADDABLE_WIDGET_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            {widgetDefinition(type).label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
