// Values the global setup hands to the specs (project.provide → inject).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234 (no trailing slash); empty when the browser tests are skipped. */
    baseUrl: string;
  }
}
