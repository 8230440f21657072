import { Children, cloneElement, useSyncExternalStore, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

// MUI's Tooltip as material-react-table gets it (vite.config.ts swaps the import for that package
// alone): the table's head has two tooltips per column (the sort mark, the drag handle), some 40 on
// a form's first screen, and each Tooltip costs its hooks in the first render and then a second,
// synchronous render of itself (it keeps its child's node in state, set from a ref during the
// commit): ~60 ms of a reload's first screen (issue 18, traced). Until the person first points at
// or types into the page, a tooltip is only what MUI's gives its child without showing: its
// accessible name. On the first pointer, touch or key anywhere every one of them becomes MUI's own,
// at once (flushSync), before that event's hover or the key's focus move can reach it.

/** Events that come before a tooltip could show: a pointer over something, a touch, a key (Tab moves focus after its keydown). */
const ARMING_EVENTS = ['pointerover', 'touchstart', 'keydown'] as const;

let armed = false;
const listeners = new Set<() => void>();

function arm(): void {
  if (armed) return;
  armed = true;
  for (const type of ARMING_EVENTS) window.removeEventListener(type, arm, true);
  flushSync(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  if (!armed && listeners.size === 0)
    for (const type of ARMING_EVENTS) window.addEventListener(type, arm, { capture: true, passive: true });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isArmed = () => armed;

/** What MUI's Tooltip gives its child while closed (its accessible name), and nothing else. */
function ClosedTooltip({ title, describeChild = false, children }: TooltipProps) {
  const child = Children.only(children) as ReactElement<Record<string, unknown>>;
  const text = typeof title === 'string' ? title : null;
  const name = describeChild ? { title: text } : { 'aria-label': text };
  return cloneElement(child, { ...name, ...child.props });
}

export default function DeferredTooltip(props: TooltipProps) {
  const live = useSyncExternalStore(subscribe, isArmed, () => true);
  if (live || props.open !== undefined) return <Tooltip {...props} />;
  return <ClosedTooltip {...props} />;
}

/** For tests: the tooltips as a fresh page has them. */
export function resetDeferredTooltips(): void {
  armed = false;
}
