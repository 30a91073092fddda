// The auth modal (spec §2): Sign Up and Login tabs plus social buttons. Validation per spec §5
// on blur and change (not per keystroke); errors from the server show its message (spec §8).
import { useEffect, useState } from 'react';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { loginFormSchema, registerFormSchema } from '../../../shared/api/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { registerAccount } from '../../lib/api/auth.ts';
import { captchaToken, preloadCaptcha } from '../../lib/captcha.ts';
import { login } from '../../lib/session.ts';
import { useModals } from '../../stores/modals.ts';
import { toast } from '../../components/ui/toaster.tsx';
import './auth.css';
import { Field, FormMessage, PasswordField, SubmitButton } from './form-parts.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { referralKey } from './referral.ts';

/** Shows the message of a failed call (data.message, else msg: spec §8) in the form and as a toast. */
function showFailure(e: unknown, setError: (text: string) => void): void {
  const text =
    e instanceof ApiError
      ? (e.body.message ?? e.body.msg ?? e.message)
      : e instanceof Error
        ? e.message
        : 'Network error. Please try again.';
  setError(text);
  toast.error(text);
}

function RegisterForm({ onDone }: { onDone(msg: string): void }) {
  const { register, handleSubmit, formState } = useSchemaForm(registerFormSchema, {
    name: '',
    email: '',
    password: '',
    promotions: false,
    terms: false,
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(preloadCaptcha, []); // the captcha script loads while the form is filled in
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const ref = localStorage.getItem(referralKey) ?? undefined;
      const { msg } = await registerAccount({
        ...v,
        ref,
        'g-recaptcha-response': await captchaToken('register'),
      });
      localStorage.removeItem(referralKey);
      toast.success(msg);
      onDone(msg);
    } catch (e) {
      showFailure(e, setError);
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="Sign Up">
      <Field label="Nickname" autoComplete="nickname" error={e.name} {...register('name')} />
      <Field label="Email" type="email" autoComplete="email" error={e.email} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" error={e.password} {...register('password')} />
      <label className="check">
        <input type="checkbox" {...register('promotions')} /> I&apos;d like to receive valuable promotions via email
      </label>
      <label className="check">
        <input type="checkbox" {...register('terms')} /> I confirm that I am 18 years or older and accept the{' '}
        <a href="/terms-of-service">Terms of Service</a>
      </label>
      <FormMessage text={error} ok={false} />
      <SubmitButton busy={formState.isSubmitting} />
    </form>
  );
}

function LoginForm({ notice }: { notice: string | null }) {
  const { register, handleSubmit, formState } = useSchemaForm(loginFormSchema, { email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await login(v.email, v.password);
      useModals.getState().closeAll();
    } catch (e) {
      showFailure(e, setError);
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <FormMessage text={notice} ok />
      <Field label="Email" type="email" autoComplete="email" error={e.email} {...register('email')} />
      <PasswordField label="Password" autoComplete="current-password" error={e.password} {...register('password')} />
      <button type="button" className="link-button" onClick={() => useModals.getState().show('forgot', false)}>
        Forgot password?
      </button>
      <FormMessage text={error} ok={false} />
      <SubmitButton busy={formState.isSubmitting} />
    </form>
  );
}

/** The auth modal content. */
export default function AuthModal() {
  const tab = useModals((s) => s.authTab);
  const setTab = useModals((s) => s.setAuthTab);
  const notice = useModals((s) => s.authNotice);
  return (
    <div className="auth-modal" data-testid="auth-modal">
      <div role="tablist" aria-label="Account">
        <button type="button" role="tab" aria-selected={tab === 'register'} onClick={() => setTab('register')}>
          Sign Up
        </button>
        <button type="button" role="tab" aria-selected={tab === 'login'} onClick={() => setTab('login')}>
          Login
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'register' ? <RegisterForm onDone={(msg) => setTab('login', msg)} /> : <LoginForm notice={notice} />}
      </div>
      <SocialButtons />
    </div>
  );
}
