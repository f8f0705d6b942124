import { adminFetch } from '../../../lib/admin-api';

/** GET /api/auth/two-step. */
export interface TwoStepStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The owner requires it of this account. */
  required: boolean;
  /** Required and not on yet: only the setup works until it is. */
  setup_required: boolean;
}

export interface TwoStepSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauth_uri: string;
  /** The address as an SVG QR code in a data: URL. */
  qr_code: string;
}

export function getTwoStep(signal?: AbortSignal): Promise<TwoStepStatus> {
  return adminFetch<TwoStepStatus>('/auth/two-step', { signal });
}

/** POST /api/auth/two-step/setup: a new pending secret and its QR code. */
export function startTwoStep(): Promise<TwoStepSetup> {
  return adminFetch<TwoStepSetup>('/auth/two-step/setup', { method: 'POST' });
}

/** POST /api/auth/two-step/confirm: on, with the ten recovery codes (shown this once). */
export async function confirmTwoStep(code: string): Promise<string[]> {
  const body = await adminFetch<{ recovery_codes: string[] }>('/auth/two-step/confirm', {
    method: 'POST',
    json: { code },
  });
  return body.recovery_codes;
}

/** POST /api/auth/two-step/recovery-codes: ten new codes replace the old ones. */
export async function regenerateRecoveryCodes(password: string): Promise<string[]> {
  const body = await adminFetch<{ recovery_codes: string[] }>('/auth/two-step/recovery-codes', {
    method: 'POST',
    json: { password },
  });
  return body.recovery_codes;
}

/** POST /api/auth/two-step/disable. */
export function disableTwoStep(password: string): Promise<TwoStepStatus> {
  return adminFetch<TwoStepStatus>('/auth/two-step/disable', { method: 'POST', json: { password } });
}
