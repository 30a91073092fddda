// Small form parts of the auth forms: a labelled field with its error, a submit button with a spinner.
import { useId, useState, type ComponentProps, type InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';

/** A labelled input with its validation message. */
export function Field({
  label,
  error,
  type = 'text',
  reveal = false,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: FieldError; reveal?: boolean }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          type={reveal && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          {...input}
        />
        {reveal && (
          <button
            type="button"
            className="field-reveal"
            onClick={() => setShown((v) => !v)}
            aria-label={shown ? 'Hide password' : 'Show password'}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {error?.message && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A password field with its Show/Hide button. */
export function PasswordField(props: Omit<ComponentProps<typeof Field>, 'type' | 'reveal'>) {
  return <Field type="password" reveal {...props} />;
}

/** Submit button that shows a spinner while waiting. */
export function SubmitButton({ busy, children = 'Submit' }: { busy: boolean; children?: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner" role="progressbar" aria-label="Waiting" /> : children}
    </button>
  );
}

/** A form-level message: success (status) or failure (alert). */
export function FormMessage({ text, ok }: { text: string | null; ok: boolean }) {
  if (!text) return null;
  return (
    <p className={ok ? 'form-ok' : 'form-error'} role={ok ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
