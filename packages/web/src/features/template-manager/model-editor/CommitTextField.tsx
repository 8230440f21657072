import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type CommitTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  /** Called on blur or Enter with the text typed; the parent decides what is kept. */
  onCommit: (text: string) => void;
};

/**
 * A text field for names that are converted (snake_case, UpperCamelCase): converting on every
 * keystroke would eat the spaces and underscores being typed, so the text is committed on blur
 * or Enter, and the field then shows what the editor kept.
 */
export function CommitTextField({ value, onCommit, onKeyDown, ...props }: CommitTextFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  return (
    <TextField
      {...props}
      value={draft ?? value}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
        onKeyDown?.(e);
      }}
    />
  );
}
