import type { FavoriteForm } from '../../platform/api/app.api';

// Kept apart from the favourites' rows: the drawer needs these at once, the sortable list (and its
// drag-and-drop library) loads when the user reaches for the favourites.
export const favoriteId = (form: FavoriteForm) => `${form.module}/${form.key}`;
export const favoriteLabel = (form: FavoriteForm) => form.label || form.key;
export const formPath = (form: { key: string }) => `/forms/${form.key}-form`;
