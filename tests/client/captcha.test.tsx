// The captcha loader (spec §5, §7): with a site key the reCAPTCHA script is added once and its token
// goes with forgot-password and sign-up; a script error or timeout gives "ReCaptcha not loaded".
// The "script" is a stub: jsdom loads nothing, the test fires its load/error events (no network).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as CaptchaModule from '../../src/client/lib/captcha.ts';

type Captcha = typeof CaptchaModule;
let bodies: Record<string, unknown>[] = [];

function stubApi(siteKey: string | null) {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/config') return Response.json({ recaptcha_site_key: siteKey });
      if (url === '/api/auth/forgot-password') {
        bodies.push(JSON.parse(init!.body as string));
        return Response.json({ msg: 'We have emailed your password reset link!' });
      }
      return Response.json({ message: 'Not found.', msg: 'Not found.' }, { status: 404 });
    }),
  );
}

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-captcha]')];
async function captchaScript(): Promise<HTMLScriptElement> {
  await waitFor(() => expect(scripts()).toHaveLength(1));
  return scripts()[0]!;
}
/** What the real script does on load: defines grecaptcha. */
function runStubScript(script: HTMLScriptElement, token = 'stub-token') {
  const execute = vi.fn(async () => token);
  window.grecaptcha = { ready: (cb) => setTimeout(cb, 0), execute };
  script.dispatchEvent(new Event('load'));
  return execute;
}

async function fresh(): Promise<Captcha> {
  vi.resetModules(); // the runtime config and the loader are loaded once per page: start a new "page"
  return import('../../src/client/lib/captcha.ts');
}

beforeEach(() => {
  delete window.grecaptcha;
  scripts().forEach((s) => s.remove());
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('captcha loader', () => {
  it('forgot password with a site key: the form loads the script and sends its token', async () => {
    stubApi('site-key-1');
    const { captchaScriptUrl } = await fresh();
    const { default: ForgotPasswordModal } = await import('../../src/client/features/auth/forgot-password-modal.tsx');
    render(<ForgotPasswordModal />);
    const script = await captchaScript(); // loading starts when the form opens
    expect(script.src).toBe(captchaScriptUrl('site-key-1'));
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    const execute = runStubScript(script);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kim@x.io' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Forgot password' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ email: 'kim@x.io', 'g-recaptcha-response': 'stub-token' });
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'forgot_password' });
    expect(screen.queryByText('ReCaptcha not loaded')).toBeNull();
    expect(scripts()).toHaveLength(1);
  });

  it('forgot password shows "ReCaptcha not loaded" when the script fails to load, and sends nothing', async () => {
    stubApi('site-key-1');
    await fresh();
    const { default: ForgotPasswordModal } = await import('../../src/client/features/auth/forgot-password-modal.tsx');
    render(<ForgotPasswordModal />);
    (await captchaScript()).dispatchEvent(new Event('error')); // the preload fails (e.g. blocked)
    await waitFor(() => expect(scripts()).toHaveLength(0));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kim@x.io' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Forgot password' }));
    (await captchaScript()).dispatchEvent(new Event('error')); // sending tries once more: fails again
    expect((await screen.findByRole('alert')).textContent).toBe('ReCaptcha not loaded');
    expect(bodies).toHaveLength(0);
  });

  it('sign-up token: one script for several calls, the register action', async () => {
    stubApi('k2');
    const { captchaToken } = await fresh();
    const a = captchaToken('register');
    const b = captchaToken('register');
    const execute = runStubScript(await captchaScript(), 'reg-token');
    expect(await a).toBe('reg-token');
    expect(await b).toBe('reg-token');
    expect(execute).toHaveBeenCalledWith('k2', { action: 'register' });
    expect(scripts()).toHaveLength(1);
  });

  it('a script that never loads times out with "ReCaptcha not loaded"; the next call tries again', async () => {
    stubApi('k3');
    const { captchaLoadTimeoutMs, captchaToken } = await fresh();
    vi.useFakeTimers();
    const first = captchaToken('register');
    const caught = first.catch((e: Error) => e);
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(captchaLoadTimeoutMs);
    expect(((await caught) as Error).message).toBe('ReCaptcha not loaded');
    expect(scripts()).toHaveLength(0); // the failed script is removed
    vi.useRealTimers();
    const second = captchaToken('register');
    runStubScript(await captchaScript(), 'second');
    expect(await second).toBe('second');
  });

  it('a script that loads without defining grecaptcha counts as not loaded', async () => {
    stubApi('k4');
    const { captchaToken } = await fresh();
    const token = captchaToken('forgot_password');
    (await captchaScript()).dispatchEvent(new Event('load'));
    await expect(token).rejects.toThrow('ReCaptcha not loaded');
  });

  it('without a site key: an empty token and no script', async () => {
    stubApi(null);
    const { captchaToken, preloadCaptcha } = await fresh();
    preloadCaptcha();
    expect(await captchaToken('register')).toBe('');
    await new Promise((r) => setTimeout(r, 20));
    expect(scripts()).toHaveLength(0);
  });
});
