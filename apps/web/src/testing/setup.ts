import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default, which a loaded CI machine exceeds while it loads a
// lazy screen; waiting longer changes nothing for a test whose element never comes, but its time.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-wide store: a toast left from one test would be
  // found by the next one's findByText before that test's own request was even sent.
  toast.remove();
  globalThis.localStorage?.clear();
});
