// What component tests need and pages do not: kept out of core's index, the shared module every page loads.

/** react-router's router of a test: a location in memory. */
export { MemoryRouter } from 'react-router-dom';
export { initTestI18n } from './i18n';
