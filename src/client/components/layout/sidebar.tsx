// Desktop sidebar (spec §2): the game links; an item can carry a New badge.
import { NavLink } from 'react-router';
import { sidebarLinks } from './nav-links.ts';

/** The desktop sidebar. */
export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Games">
      <ul>
        {sidebarLinks.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to}>
              <span>{l.label}</span>
              {l.isNew && <span className="badge-new">New</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
