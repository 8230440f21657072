import { useState } from 'react';

/**
 * Text an input shows while the user types, for values whose text is not the value itself
 * (numbers: '1.' while typing 1.5; datetimes: committed on blur). The draft stays as long as the
 * record still holds the value it produced; any other change of the value replaces it.
 */
export function useDraftText(formatted: string) {
  const [draft, setDraft] = useState<{ text: string; from: string } | null>(null);
  const text = draft !== null && draft.from === formatted ? draft.text : formatted;
  /** Keep `text` on screen while the value reads as `from`. */
  const keep = (nextText: string, from: string) => {
    setDraft({ text: nextText, from });
  };
  const reset = () => {
    setDraft(null);
  };
  return { text, keep, reset };
}
