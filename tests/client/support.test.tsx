// Support pages in jsdom: the ticket list with unread badges, a thread that reloads on a live
// supportReply, the new-ticket form (local checks, server field errors, multipart send) and the
// profile nav's unread badge.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import SupportPage from '../../src/client/features/support/support-page.tsx';
import SupportCreatePage from '../../src/client/features/support/support-create-page.tsx';
import { attachmentProblem } from '../../src/client/features/support/support-api.ts';
import { ProfileNav } from '../../src/client/features/profile/profile-nav.tsx';
import { useSupport } from '../../src/client/stores/support.ts';
import type { SupportReplyEvent, Ticket } from '../../src/shared/api/support.ts';

const calls: { url: string; init?: RequestInit }[] = [];
function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
}
const at = '2026-11-20T10:00:00.000Z';
const summary = (id: number, unread = 0, status = 'open') => ({
  id,
  subject: `Ticket ${id}`,
  category: 'deposit',
  status,
  unread,
  created_at: at,
  updated_at: at,
});
const reply: SupportReplyEvent = {
  type: 'supportReply',
  ticket_id: 7,
  subject: 'Ticket 7',
  status: 'answered',
  message: { from: 'support', message: 'Fixed', created_at: at, attachments: [] },
};

describe('support pages', () => {
  beforeEach(() => useSupport.getState().clear());
  afterEach(() => vi.unstubAllGlobals());

  it('lists tickets with unread badges, opens a thread and reloads it when a reply arrives', async () => {
    let answered = false;
    stubFetch((url) => {
      if (url === '/api/support/tickets')
        return Response.json({
          data: [summary(7, answered ? 1 : 0), summary(3, 0, 'closed')],
          unread: answered ? 1 : 0,
        });
      const thread: Ticket = {
        id: 7,
        subject: 'Ticket 7',
        category: 'deposit',
        status: answered ? 'answered' : 'open',
        messages: [
          { from: 'player', message: 'Help', created_at: at, attachments: [] },
          ...(answered ? [reply.message] : []),
        ],
      };
      return Response.json({ data: thread });
    });
    render(
      <MemoryRouter initialEntries={['/profile/support']}>
        <SupportPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Ticket 7/ }));
    const thread = await screen.findByTestId('ticket-thread');
    expect(thread.textContent).toContain('Help');
    expect(screen.getByTestId('ticket-status').textContent).toBe('open');
    answered = true;
    act(() => useSupport.getState().applyReply(reply));
    await waitFor(() => expect(screen.getAllByTestId('ticket-message')).toHaveLength(2));
    expect(screen.getByTestId('ticket-status').textContent).toBe('answered');
    expect(calls.some((c) => c.url === '/api/support/tickets/7')).toBe(true);
  });

  it('the new-ticket form checks locally, shows server field errors and sends multipart', async () => {
    let refuse = true;
    stubFetch(() =>
      refuse
        ? Response.json(
            { msg: 'Subject is required.', errors: { subject: ['Subject is too vague.'] } },
            { status: 422 },
          )
        : Response.json({ msg: 'ok', data: { id: 12 } }, { status: 201 }),
    );
    const router = createMemoryRouter(
      [
        { path: '/profile/support/create', element: <SupportCreatePage /> },
        { path: '/profile/support', element: <p>list</p> },
      ],
      { initialEntries: ['/profile/support/create'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Subject is required.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Card' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Declined' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Subject is too vague.')).toBeTruthy();
    const body = calls[0]!.init!.body as FormData;
    expect([body.get('subject'), body.get('category'), body.get('message')]).toEqual(['Card', 'deposit', 'Declined']);
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=12'));
  });

  it('attachmentProblem: count, type and size', () => {
    const png = (size: number) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });
    expect(attachmentProblem([png(10)])).toBeNull();
    expect(attachmentProblem([png(1), png(1), png(1), png(1)])).toBe('Attach at most 3 images.');
    expect(attachmentProblem([new File(['x'], 'a.gif', { type: 'image/gif' })])).toMatch(/PNG, JPEG or WebP/);
    expect(attachmentProblem([png(2 * 1024 * 1024 + 1)])).toBe('Each attachment may be at most 2 MB.');
  });

  it('the profile nav shows the unread count and raises it on a live reply', async () => {
    stubFetch(() => Response.json({ data: [summary(7, 1)], unread: 1 }));
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <ProfileNav />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('support-unread')).textContent).toBe('1');
    act(() => useSupport.getState().applyReply(reply));
    expect(screen.getByTestId('support-unread').textContent).toBe('2');
  });
});
