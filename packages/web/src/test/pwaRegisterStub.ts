import { useState } from 'react';

// Stand-in for 'virtual:pwa-register/react' in tests: no worker, no update.
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: async () => {} };
}
