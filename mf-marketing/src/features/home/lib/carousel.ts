/** How long the client-logo carousel shows a slide before the next (spec: autoplay). */
export const AUTOPLAY_INTERVAL = 3000;
