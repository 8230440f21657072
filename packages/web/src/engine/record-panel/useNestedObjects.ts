import { useEffect, useMemo } from 'react';
import { cacheNestedObjects, restoreNestedObjects } from './nestedObjects';
import type { FormRecord } from './types';

/** The record with its @uuid objects restored; what it carries is cached for the next time. */
export function useNestedObjects(form: string, record: FormRecord): FormRecord {
  const restored = useMemo(() => restoreNestedObjects(record), [record]);
  useEffect(() => {
    cacheNestedObjects(form, restored);
  }, [form, restored]);
  return restored;
}
