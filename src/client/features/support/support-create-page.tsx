// /profile/support/create: a new ticket (subject, category, message, up to 3 images); on success
// the thread opens on /profile/support.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SUPPORT_CATEGORIES } from '../../../shared/api/support.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorText, ApiError } from '../../lib/api.ts';
import { createTicket } from '../../lib/api/support.ts';
import { attachmentProblem } from './support-api.ts';
import './support.css';
import { ImagesInput } from './images-input.tsx';
import { onFormSubmit } from '../../lib/form-submit.ts';

const labels: Record<(typeof SUPPORT_CATEGORIES)[number], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  delivery: 'Delivery',
  account: 'Account',
  fairness: 'Fairness',
  other: 'Other',
};

/** The new-ticket page. */
export default function SupportCreatePage() {
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local: Record<string, string[]> = {};
    if (!subject.trim()) local.subject = ['Subject is required.'];
    if (!category) local.category = ['Choose a category.'];
    if (!message.trim()) local.message = ['Message is required.'];
    const problem = attachmentProblem(files);
    if (problem) local.attachments = [problem];
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const r = await createTicket({ subject, category, message }, files);
      void navigate(`/profile/support?ticket=${r.data.id}`);
    } catch (e) {
      setErrors(e instanceof ApiError && e.body.errors ? e.body.errors : { form: [errorText(e)] });
      setBusy(false);
    }
  };
  const fieldError = (name: string) =>
    errors[name] && (
      <p className="field-error" role="alert">
        {errors[name][0]}
      </p>
    );
  return (
    <section className="page support-page" data-testid="support-create-page">
      <h1>New ticket</h1>
      <form className="ticket-form" aria-label="New ticket" noValidate onSubmit={onFormSubmit(submit)}>
        <label>
          Subject
          <input value={subject} maxLength={120} onChange={(e) => setSubject(e.target.value)} />
        </label>
        {fieldError('subject')}
        <label>
          Category
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">Choose…</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {labels[c]}
              </option>
            ))}
          </select>
        </label>
        {fieldError('category')}
        <label>
          Message
          <textarea value={message} rows={6} maxLength={5000} onChange={(e) => setMessage(e.target.value)} />
        </label>
        {fieldError('message')}
        <ImagesInput label="Images (optional, up to 3 PNG, JPEG or WebP, 2 MB each)" onFiles={setFiles} />
        {fieldError('attachments')}
        {fieldError('form')}
        <div className="ticket-actions">
          <Button type="submit" disabled={busy}>
            Send ticket
          </Button>
          <Link to="/profile/support">Back to your tickets</Link>
        </div>
      </form>
    </section>
  );
}
