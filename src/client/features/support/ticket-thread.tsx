// One ticket's thread on /profile/support: messages (player and support, with image attachments),
// a reply form with optional images and Close. Reloads when a supportReply arrives.
import { useEffect, useState } from 'react';
import type { Ticket, TicketMessage } from '../../../shared/api/support.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { closeTicket, postTicketMessage } from '../../lib/api/support.ts';
import { formatDateTime } from '../../lib/format.ts';
import { attachmentBlobUrl, attachmentProblem } from './support-api.ts';
import { ImagesInput } from './images-input.tsx';
import { onFormSubmit } from '../../lib/form-submit.ts';

function Attachment({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let blob: string | null = null;
    let live = true;
    attachmentBlobUrl(url).then(
      (u) => (live ? setSrc((blob = u)) : URL.revokeObjectURL(u)),
      () => undefined,
    );
    return () => {
      live = false;
      if (blob) URL.revokeObjectURL(blob);
    };
  }, [url]);
  return src ? <img className="ticket-attachment" src={src} alt="Attachment" /> : null;
}

function Message({ m }: { m: TicketMessage }) {
  return (
    <li className={`ticket-message from-${m.from}`} data-testid="ticket-message">
      <p className="small muted">
        {m.from === 'support' ? 'Support' : 'You'} · {formatDateTime(m.created_at)}
      </p>
      <p className="ticket-text">{m.message}</p>
      {m.attachments.map((a) => (
        <Attachment key={a.url} url={a.url} />
      ))}
    </li>
  );
}

/** The thread of `ticket` with its reply form; `onChange` reloads the ticket and the list. */
export function TicketThread({ ticket, onChange }: { ticket: Ticket; onChange(): void }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = attachmentProblem(files);
  const send = async () => {
    if (!text.trim() || problem) return setError(problem ?? 'Message is required.');
    setBusy(true);
    try {
      await postTicketMessage(ticket.id, text, files);
      setText('');
      setFiles([]);
      setError(null);
      onChange();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    try {
      await closeTicket(ticket.id);
      onChange();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <article className="ticket-thread" data-testid="ticket-thread" aria-label={`Ticket ${ticket.subject}`}>
      <header className="ticket-thread-head">
        <h2>{ticket.subject}</h2>
        <span className={`ticket-status status-${ticket.status}`} data-testid="ticket-status">
          {ticket.status}
        </span>
      </header>
      <ol className="ticket-messages">
        {ticket.messages.map((m, i) => (
          <Message key={i} m={m} />
        ))}
      </ol>
      {ticket.status === 'closed' ? (
        <p className="muted">This ticket is closed. Open a new one if you need more help.</p>
      ) : (
        <form className="ticket-form" onSubmit={onFormSubmit(send)}>
          <label>
            Your reply
            <textarea value={text} maxLength={5000} rows={3} onChange={(e) => setText(e.target.value)} />
          </label>
          <ImagesInput label="Images (optional, up to 3, 2 MB each)" onFiles={setFiles} />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="ticket-actions">
            <Button type="submit" disabled={busy}>
              Send
            </Button>
            <Button type="button" variant="outline-gray" onClick={() => void close()}>
              Close ticket
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
