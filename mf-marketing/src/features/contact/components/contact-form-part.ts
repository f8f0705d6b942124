import { island } from '../../../components/island';

/**
 * The contact form at the foot of a page (/pricing, /services): its own chunk, hydrated as it comes near the
 * screen or is first used (what was typed before is kept). The contact page, where it is the first thing,
 * brings `ContactForm` with its own code.
 */
export const ContactFormWhenNeeded = island(() => import('./contact-form').then((m) => m.ContactForm));
