import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetServices } from './src/services/services.ts';

// The browser's clock the tests run on, whatever the machine's: Dubai (UTC+04:00, no daylight saving), so that
// a day that differs from UTC's shows.
process.env.TZ = 'Asia/Dubai';

// A screen's `findBy…` and `waitFor` wait up to 5 s for what it shows, not the library's 1 s: a screen that
// loads its code and data in a few milliseconds alone takes longer on a machine busy with other suites, and
// waiting longer costs nothing when it shows at once.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Each test stubs the network its own way: no services answer carries over from the one before.
  forgetServices();
});
