import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from 'react';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { FavoriteFormRow, type FavoriteFormRowProps } from './FavoriteFormRow';
import { favoriteId } from './favoriteForm';
import type { useFavoriteForms } from './useFavoriteForms';

// The drag-and-drop library (a chunk of its own) loads when the user reaches for the drawer's forms, not
// with the first screen: until then the rows look the same and move with their up/down buttons.
const SortableFavoriteFormsList = lazyPage(() => import('./SortableFavoriteFormsList'), 'SortableFavoriteFormsList');

/**
 * Whether the favourites can be dragged yet, and `reach`, the handler of the area whose pointer,
 * touch or focus loads the drag-and-drop library: the whole forms section, so that it has arrived
 * before the pointer, moving down from the forms, presses a handle.
 */
export function useFavoritesDragging() {
  const [ready, setReady] = useState(false);
  // the sortable rows replace the plain ones: the control that had the focus gets it back
  const [focusLabel, setFocusLabel] = useState<string | null>(null);
  const reach = (event: SyntheticEvent<HTMLElement>) => {
    if (ready) return;
    const area = event.currentTarget;
    SortableFavoriteFormsList.preload().then(
      () => {
        const active = document.activeElement;
        setFocusLabel(active && area.contains(active) ? active.getAttribute('aria-label') : null);
        setReady(true);
      },
      // the rows still move with their buttons; the next reach asks for the chunk again
      () => undefined,
    );
  };
  return { ready, focusLabel, reach };
}

export interface FavoriteFormsListProps {
  favorites: ReturnType<typeof useFavoriteForms>;
  onNavigate?: () => void;
  /** The drag-and-drop library has arrived (useFavoritesDragging). */
  dragReady: boolean;
  /** The control to focus again once the sortable rows replaced the plain ones. */
  focusLabel: string | null;
}

/** The list around the rows, the same with or without drag and drop. */
export function FavoritesFrame({ empty, children }: { empty: boolean; children: ReactNode }) {
  return (
    <List subheader={<ListSubheader component="li">Favourites</ListSubheader>} dense aria-label="Favourites">
      {empty && (
        <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
          Star a form below to keep it here
        </Typography>
      )}
      {children}
    </List>
  );
}

/** The favourites' rows in order, each drawn by `Row`: plain, or sortable once the library has arrived. */
export function favoriteRows(
  favorites: FavoriteFormsListProps['favorites'],
  onNavigate: (() => void) | undefined,
  Row: ComponentType<Omit<FavoriteFormRowProps, 'sortable'>>,
) {
  const list = favorites.favorites;
  return list.map((form, index) => (
    <Row
      key={favoriteId(form)}
      form={form}
      index={index}
      last={list.length - 1}
      move={favorites.move}
      onNavigate={onNavigate}
    />
  ));
}

/**
 * The starred forms, in the user's order: moved with the up/down buttons, or dragged by their
 * handle (mouse, touch, or the keyboard: space, arrows, space) once the library has arrived.
 */
export function FavoriteFormsList({ favorites, onNavigate, dragReady, focusLabel }: FavoriteFormsListProps) {
  const frame = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!dragReady || focusLabel === null) return;
    const controls = frame.current?.querySelectorAll<HTMLElement>('[aria-label]') ?? [];
    [...controls].find((control) => control.getAttribute('aria-label') === focusLabel)?.focus();
  }, [dragReady, focusLabel]);

  const list = favorites.favorites;
  return (
    <div ref={frame}>
      {dragReady ? (
        <SortableFavoriteFormsList favorites={favorites} onNavigate={onNavigate} />
      ) : (
        <FavoritesFrame empty={list.length === 0}>
          {favoriteRows(favorites, onNavigate, FavoriteFormRow)}
        </FavoritesFrame>
      )}
    </div>
  );
}
