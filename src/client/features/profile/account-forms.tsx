// Name and password forms on /profile. A password change needs the current one and signs out
// every other device (the server does it; this device stays signed in).
import { useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../lib/api.ts';
import { setProfileName, setProfilePassword } from '../../lib/api/profile.ts';
import { useSession } from '../../stores/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import type { PublicUser } from '../../../shared/api/user.ts';

type FieldErrors = Record<string, string | undefined>;

function fieldErrors(e: unknown): FieldErrors {
  if (!(e instanceof ApiError) || !e.body.errors) return {};
  return Object.fromEntries(Object.entries(e.body.errors).map(([k, v]) => [k, v[0]]));
}

/** Changes the display name. */
export function NameForm({ user }: { user: PublicUser }) {
  const setUser = useSession((s) => s.setUser);
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await setProfileName(name);
      setUser(res.data);
      setName(res.data.name);
      setError(undefined);
      toast.success(res.msg);
    } catch (err) {
      setError(fieldErrors(err).name ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="profile-panel" onSubmit={(e) => void submit(e)} data-testid="name-form">
      <h2>Name</h2>
      <TextInput label="Nickname" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} error={error} />
      <Button type="submit" loading={busy} disabled={name.trim() === '' || name.trim() === user.name}>
        Save name
      </Button>
    </form>
  );
}

const emptyPasswords = { current_password: '', password: '', password_confirmation: '' };
const passwordFields = [
  ['current_password', 'Current password', 'current-password'],
  ['password', 'New password', 'new-password'],
  ['password_confirmation', 'Repeat the new password', 'new-password'],
] as const;

/** Changes the password. */
export function PasswordForm() {
  const [form, setForm] = useState(emptyPasswords);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await setProfilePassword(form);
      setForm(emptyPasswords);
      setErrors({});
      toast.success(res.msg);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { current_password: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="profile-panel" onSubmit={(e) => void submit(e)} data-testid="password-form">
      <h2>Password</h2>
      {passwordFields.map(([key, label, autoComplete]) => (
        <TextInput
          key={key}
          label={label}
          type="password"
          autoComplete={autoComplete}
          value={form[key]}
          onChange={set(key)}
          error={errors[key]}
        />
      ))}
      <p className="muted small">Changing it signs you out on every other device.</p>
      <Button type="submit" loading={busy} disabled={!form.current_password || !form.password}>
        Change password
      </Button>
    </form>
  );
}
