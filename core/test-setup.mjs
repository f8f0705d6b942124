import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetServices } from './src/services/services.ts';

// The browser's clock the tests run on, whatever the machine's: Dubai (UTC+04:00, no daylight saving), so that
// a day that differs from UTC's shows.
process.env.TZ = 'Asia/Dubai';

afterEach(() => {
  cleanup();
  // Each test stubs the network its own way: no services answer carries over from the one before.
  forgetServices();
});
