import { useCallback, useState } from 'react';

export interface PendingConfirm {
  title: string;
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/** A promise-returning confirm for a ConfirmDialog: `if (await confirm(...))`. */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const confirm = useCallback(
    (title: string, message: string, confirmLabel = 'OK') =>
      new Promise<boolean>((resolve) => {
        setPending({ title, message, confirmLabel, resolve });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return { pending, confirm, answer };
}
