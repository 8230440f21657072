import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages are lazy chunks; their first transform in a test run can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = '';
});
