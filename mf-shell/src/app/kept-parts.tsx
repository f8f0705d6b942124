import { Footer } from '../features/footer/components/footer';
import { routed } from './routed';

// The shell's parts whose server markup is kept without their code (SHELL_PARTS): one chunk, fetched only for a
// page the browser renders itself.
export { SiteTop } from '../features/top-bar/components/top-bar';

/** The footer, with the router its links need. */
export const SiteFooter = routed(Footer);
