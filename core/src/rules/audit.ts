/**
 * What the audit trail records (api/src/lib/audit.ts writes it, the Audit screen names and filters it). Each
 * entry says who did it (or, for a failed sign-in, the e-mail tried), what, when, to whom or what, and from
 * which address; never a password, a token or a code.
 */
export const AUDIT_ACTIONS = [
  // Signing in
  'sign_in',
  'sign_in_failed',
  'two_step_failed',
  // Passwords
  'password_changed',
  'password_reset_requested',
  'password_reset',
  // People
  'role_changed',
  'account_deactivated',
  'account_reactivated',
  'ownership_transferred',
  'invitation_sent',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  // Two-step sign-in
  'two_step_enabled',
  'two_step_disabled',
  'recovery_codes_regenerated',
  'two_step_requirement_changed',
  // Posts
  'post_published',
  'post_unpublished',
  'post_deleted',
  'preview_link_created',
  'preview_link_revoked',
  // The media library
  'media_deleted',
  // Contact messages
  'messages_exported',
  'message_erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** How long entries are kept unless AUDIT_RETENTION_DAYS says otherwise: a year. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
