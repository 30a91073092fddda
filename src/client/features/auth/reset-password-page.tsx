// /reset-password?token=…&email=…: a new password twice; success shows msg and goes to /,
// failure shows data.msg (spec §7, §8).
import { useState } from 'react';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { resetBodySchema } from '../../../shared/api/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { resetPassword } from '../../lib/api/auth.ts';
import { Field, FormMessage, PasswordField, SubmitButton } from './form-parts.tsx';
import './auth.css';
import { toast } from '../../components/ui/toaster.tsx';

/** The reset password page. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useSchemaForm(resetBodySchema, {
    email: params.get('email') ?? '',
    token: params.get('token') ?? '',
    password: '',
    password_confirmation: '',
  });
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const submit = handleSubmit(async (v) => {
    setMessage(null);
    try {
      const { msg } = await resetPassword(v);
      setMessage({ text: msg, ok: true });
      toast.success(msg);
      setTimeout(() => void navigate('/?modal=login'), 1500);
    } catch (e) {
      const text = e instanceof ApiError ? (e.body.msg ?? e.message) : 'Network error. Please try again.';
      setMessage({ text, ok: false });
      toast.error(text);
    }
  });
  const e = formState.errors;
  return (
    <section className="page" data-testid="reset-password">
      <h1>Reset password</h1>
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Field label="Email" type="email" autoComplete="email" error={e.email} {...register('email')} />
        <input type="hidden" {...register('token')} />
        {e.token && <FormMessage text={e.token.message ?? null} ok={false} />}
        <PasswordField label="New password" autoComplete="new-password" error={e.password} {...register('password')} />
        <Field
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          error={e.password_confirmation}
          {...register('password_confirmation')}
        />
        <FormMessage text={message?.text ?? null} ok={message?.ok ?? false} />
        <SubmitButton busy={formState.isSubmitting} />
      </form>
    </section>
  );
}
