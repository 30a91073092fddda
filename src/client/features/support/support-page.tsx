// /profile/support: the player's tickets (status, unread replies) and, for the one chosen
// (?ticket=ID), its thread. A live supportReply reloads both; opening a ticket marks it read.
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiData } from '../../lib/use-api-data.ts';
import { getTicket, listTickets } from '../../lib/api/support.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSupport } from '../../stores/support.ts';
import { TicketThread } from './ticket-thread.tsx';
import './support.css';

/** The support page. */
export default function SupportPage() {
  const replies = useSupport((s) => s.replies);
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('ticket')) || null;
  const list = useApiData(listTickets, [], replies);
  const ticket = useApiData(getTicket, chosen ? [chosen] : null, replies);
  const { reload: reloadList } = list;
  useEffect(() => {
    if (list.data) useSupport.getState().setUnread(list.data.unread);
  }, [list.data]);
  useEffect(() => {
    if (ticket.data) reloadList(); // opening it marked its replies read
  }, [ticket.data, reloadList]);
  const tickets = list.data?.data ?? [];
  return (
    <section className="page page-wide support-page" data-testid="support-page">
      <header className="support-head">
        <h1>Support</h1>
        <Link className="btn btn-default btn-md" to="/profile/support/create">
          New ticket
        </Link>
      </header>
      {list.error && (
        <p className="notice notice-error" role="alert">
          Could not load your tickets.
        </p>
      )}
      {list.data && tickets.length === 0 && (
        <p className="muted">You have no tickets. Ask us anything about deposits, withdrawals, delivery or fairness.</p>
      )}
      <div className="support-layout">
        <ul className="ticket-list" aria-label="Your tickets">
          {tickets.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={t.id === chosen ? 'ticket-row active' : 'ticket-row'}
                aria-current={t.id === chosen ? 'true' : undefined}
                onClick={() => setParams({ ticket: String(t.id) })}
              >
                <span className="ticket-subject">{t.subject}</span>
                <span className="small muted">
                  #{t.id} · {t.category} · {formatDateTime(t.updated_at)}
                </span>
                <span className={`ticket-status status-${t.status}`}>{t.status}</span>
                {t.unread > 0 && (
                  <span className="unread-badge" aria-label={`${t.unread} unread`}>
                    {t.unread}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {chosen && ticket.data && (
          <TicketThread
            ticket={ticket.data.data}
            onChange={() => {
              ticket.reload();
              reloadList();
            }}
          />
        )}
        {chosen && ticket.error && (
          <p className="notice notice-error" role="alert">
            Ticket not found.
          </p>
        )}
      </div>
    </section>
  );
}
