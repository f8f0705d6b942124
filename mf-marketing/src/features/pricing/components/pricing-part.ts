import { island } from '../../../components/island';

/** The plans in tabs, their own chunk, hydrated as they come near the screen or are first used. */
export const Pricing = island(() => import('./pricing-tabs').then((m) => m.Pricing));
