// The jest-dom matchers that @agency/core/test-setup registers for every test file.
/// <reference types="@testing-library/jest-dom/vitest" />
