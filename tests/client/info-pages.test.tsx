// Every information and legal page of spec §2 renders through the router with its own heading
// and real text (no placeholder), and the home page links every game.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../src/client/app/router.tsx';

const pages: [string, string, number][] = [
  ['/faq', 'FAQ', 1000],
  ['/how-it-works', 'How it works', 1000],
  ['/provably-fair', 'Provably fair', 1000],
  ['/contacts', 'Contacts', 600],
  ['/partnership', 'Partnership', 1000],
  ['/aml-policy', 'AML policy', 1000],
  ['/cookie-policy', 'Cookie policy', 1000],
  ['/privacy-statement', 'Privacy statement', 1000],
  ['/terms-of-service', 'Terms of service', 1000],
  ['/cashback', 'Cashback', 400],
  ['/leaderboard', 'Leaderboard', 400],
];

describe('information pages', () => {
  it.each(pages)('%s has its heading and real text', async (path, title, minChars) => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    const h1 = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 });
    const article = h1.closest('article')!;
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(article.textContent!.length).toBeGreaterThan(minChars);
    expect(article.textContent).not.toMatch(/lorem|ipsum|TODO/i);
  });

  it('the provably fair page explains server seed hash, client seed, nonce and verification', async () => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/provably-fair'] });
    render(<RouterProvider router={router} />);
    const text = (await screen.findByTestId('info-page', {}, { timeout: 8000 })).textContent!;
    for (const term of ['SHA-256', 'Client seed', 'Nonce', 'HMAC-SHA256', 'How to verify'])
      expect(text).toContain(term);
  });

  it.each(['/', '/index-old-winter'])('%s links every game', async (path) => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    const grid = await screen.findByTestId('games-grid', {}, { timeout: 8000 });
    const hrefs = [...grid.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/boxes', '/battles', '/upgrade', '/rocket', '/wheel', '/bounce', '/dice', '/freeloot']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Open Mystery Boxes, provably fair and authentic',
    );
  });
});
