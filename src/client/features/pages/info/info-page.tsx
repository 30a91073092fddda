// The frame of every information and legal page: a title, an optional intro, sections with
// headings, and the date the text was last updated.
import type { ReactNode } from 'react';
import './info.css';

/** One titled section of an information page. */
export interface InfoSection {
  heading: string;
  body: ReactNode;
}

/** Information page props. */
export interface InfoPageProps {
  title: string;
  intro?: ReactNode;
  sections: InfoSection[];
  updated?: string; // "25 November 2026"
  testId?: string;
  children?: ReactNode; // extra content after the sections
}

/** Renders an information page. */
export function InfoPage({ title, intro, sections, updated, testId = 'info-page', children }: InfoPageProps) {
  return (
    <article className="page info-page" data-testid={testId}>
      <h1>{title}</h1>
      {updated && <p className="muted info-updated">Last updated: {updated}</p>}
      {intro && <div className="info-intro">{intro}</div>}
      {sections.map((s) => (
        <section key={s.heading} aria-labelledby={slug(s.heading)}>
          <h2 id={slug(s.heading)}>{s.heading}</h2>
          {s.body}
        </section>
      ))}
      {children}
    </article>
  );
}

/** An id for a heading. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The date the legal texts were last revised. */
export const LEGAL_UPDATED = '25 November 2026';
/** Support address shown on the information pages. */
export const SUPPORT_EMAIL = 'support@lootarcade.example';
