// Previous / "Page n of m" / Next under a paged list of the profile (bets archive, sessions).
import { Button } from '../../components/ui/button.tsx';

/** Props: the 1-based page, how many pages, and the page to go to. */
export interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
  label: string; // the navigation's accessible name, e.g. "Bet history pages"
}

/** The pager; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="pager-status" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
