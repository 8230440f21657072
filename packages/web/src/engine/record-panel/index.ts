// The record panel's public interface: W2's form screen imports only from here.
//
// API additions (nothing existing changed):
// - `RecordPanelProps.compact` is optional: left out, the panel follows the compact-display cookie
//   (spec 1 §3) that `toggleCompactDisplay` switches; GenericFormScreen binds alt+shift+c to it
//   (the theme's compact layout is a different preference, spec 2, toggled in the top bar).
// - `useCompactDisplay`, `toggleCompactDisplay`: the cookie preference, for a toolbar button.
// - `resetEmptySelects(form, draft)`: empty selects become null (spec 1 §5); call it before create/update.
// - `restoreNestedObjects`, `cacheNestedObjects`: @uuid nested objects (spec 1 §3); the panel
//   already applies both to the record it shows.
export type { Scenario, FormRecord, FieldError, RecordPanelProps } from './types';
export { RecordPanel } from './RecordPanel';
export { resetEmptySelects } from '../validation/resetEmptySelects';
export { recomputeCalculated, type ParentRecord } from '../fields/calculatedFields';
export { serverFieldErrors } from '../validation/serverErrors';
export { formatFieldValue, FORMATTER_ERROR } from '../fields/formatFieldValue';
export { COMPACT_DISPLAY_COOKIE, toggleCompactDisplay, useCompactDisplay } from './compactDisplay';
export { cacheNestedObjects, restoreNestedObjects } from './nestedObjects';
