// The shared layout of /profile and its children: the hub navigation above the page.
import { Outlet } from 'react-router';
import { ProfileNav } from './profile-nav.tsx';
import './profile-hub.css';

/** The profile hub layout route's component. */
export default function ProfileLayout() {
  return (
    <div className="profile-hub" data-testid="profile-hub">
      <ProfileNav />
      <Outlet />
    </div>
  );
}
