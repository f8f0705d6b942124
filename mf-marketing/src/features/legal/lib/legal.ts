/**
 * The day the privacy policy and the terms last changed in substance, shown at the top of both pages. Change it
 * with their texts (marketing.json, `privacy` and `terms`), not for a typo.
 */
export const LEGAL_UPDATED = '2026-11-25';
