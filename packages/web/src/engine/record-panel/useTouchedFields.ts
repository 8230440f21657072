import { useState } from 'react';
import type { Scenario } from './types';

const NONE: ReadonlySet<string> = new Set();

/** The fields edited in the current scenario: their client messages show at once; a new scenario starts clean. */
export function useTouchedFields(scenario: Scenario) {
  const [state, setState] = useState({ scenario, names: NONE });
  const names = state.scenario === scenario ? state.names : NONE;
  const touch = (name: string) => {
    setState((previous) => {
      const current = previous.scenario === scenario ? previous.names : NONE;
      return current.has(name) ? previous : { scenario, names: new Set([...current, name]) };
    });
  };
  return { has: (name: string) => names.has(name), touch };
}
