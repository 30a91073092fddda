// Forgot password modal (spec §2): email and Submit; success toasts the server's msg and closes all
// modals; failure shows the captcha error if present, otherwise msg (spec §8).
import { useEffect, useState } from 'react';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { forgotFormSchema } from '../../../shared/api/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { forgotPassword } from '../../lib/api/auth.ts';
import { captchaToken, preloadCaptcha } from '../../lib/captcha.ts';
import { useModals } from '../../stores/modals.ts';
import { toast } from '../../components/ui/toaster.tsx';
import './auth.css';
import { Field, FormMessage, SubmitButton } from './form-parts.tsx';

/** The forgot password modal content. */
export default function ForgotPasswordModal() {
  const { register, handleSubmit, formState } = useSchemaForm(forgotFormSchema, { email: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(preloadCaptcha, []); // the captcha script loads while the form is filled in
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const { msg } = await forgotPassword({
        email: v.email,
        'g-recaptcha-response': await captchaToken('forgot_password'),
      });
      toast.success(msg);
      useModals.getState().closeAll();
    } catch (e) {
      const text =
        e instanceof ApiError
          ? (e.body.errors?.['g-recaptcha-response']?.[0] ?? e.body.msg ?? e.message)
          : e instanceof Error
            ? e.message
            : 'Network error. Please try again.';
      setError(text);
      toast.error(text);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password" className="forgot-modal">
      <h2>Forgot password</h2>
      <Field label="Email" type="email" autoComplete="email" error={formState.errors.email} {...register('email')} />
      <FormMessage text={error} ok={false} />
      <SubmitButton busy={formState.isSubmitting} />
    </form>
  );
}
