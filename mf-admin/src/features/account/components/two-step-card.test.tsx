import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import type { TwoStepStatus } from '../api/two-step';
import { TwoStepCard } from './two-step-card';

const OFF: TwoStepStatus = {
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required: false,
  setup_required: false,
};
const ON: TwoStepStatus = {
  ...OFF,
  enabled: true,
  enabled_at: '2026-11-24T08:00:00.000Z',
  recovery_codes_left: 10,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, '2')}`);
const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

describe('TwoStepCard', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="t">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns on with the QR code and a code, shows the recovery codes once, then says it is on', async () => {
    let status = OFF;
    const { calls } = mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/auth/two-step') return json(status);
      if (path === '/api/auth/two-step/setup')
        return json({ secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x', qr_code: QR });
      if (path === '/api/auth/two-step/confirm') {
        if (JSON.parse(String(call.body)).code !== '246810') return json({ message: 'invalid_code' }, 422);
        status = ON;
        return json({ recovery_codes: CODES });
      }
      return json({}, 404);
    });
    const onEnabled = vi.fn();
    renderAdmin(<TwoStepCard email="e@x" onEnabled={onEnabled} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByText('ABCD EFGH IJKL MNOP')).toBeVisible();
    const field = screen.getByRole('textbox', { name: 'Code from the app' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    await userEvent.clear(field);
    await userEvent.type(field, '246810{Enter}');
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(onEnabled).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onEnabled).toHaveBeenCalledOnce();
    expect(await screen.findByText(/10 recovery codes left/)).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/auth/two-step/confirm')).toHaveLength(2);
  });

  it('turns off only with the password, and not when the owner requires it (Arabic)', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/auth/two-step') return json(ON);
      if (JSON.parse(String(call.body)).password !== 'right one') {
        return json({ message: 'password_invalid', errors: { password: ['password_invalid'] } }, 422);
      }
      return json(OFF);
    });
    const view = renderAdmin(<TwoStepCard email="e@x" />, { lng: 'ar' });
    const off = await screen.findByRole('button', { name: 'إيقاف' });
    await userEvent.click(off);
    expect(await screen.findByRole('alert')).toHaveTextContent('أدخل كلمة المرور.');
    expect(calls).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'wrong');
    await userEvent.click(off);
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('أدخل كلمة المرور.'));
    await userEvent.clear(screen.getByLabelText('كلمة المرور'));
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'right one');
    await userEvent.click(screen.getByRole('button', { name: 'إيقاف' }));
    expect(await screen.findByRole('button', { name: 'تفعيل' })).toBeVisible();
    expect(JSON.parse(String(calls.at(-1)?.body))).toEqual({ password: 'right one' });
    view.unmount();

    mockFetch(() => json({ ...ON, required: true }));
    renderAdmin(<TwoStepCard email="e@x" />);
    expect(await screen.findByText('The owner requires two-step sign-in for administrators.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  });
});
