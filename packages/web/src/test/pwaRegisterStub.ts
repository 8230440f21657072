import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** Stand-in for 'virtual:pwa-register' in tests: no worker; the registrations asked for are kept. */
export const registrations: RegisterSWOptions[] = [];

export function registerSW(options: RegisterSWOptions = {}): (reloadPage?: boolean) => Promise<void> {
  registrations.push(options);
  return async () => {};
}
