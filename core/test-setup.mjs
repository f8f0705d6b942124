import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetServices } from './src/services/services.ts';

afterEach(() => {
  cleanup();
  // Each test stubs the network its own way: no services answer carries over from the one before.
  forgetServices();
});
