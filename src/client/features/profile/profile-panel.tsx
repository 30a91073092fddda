// One section of /profile: its heading, then its data once loaded (until then "Loading..." or that
// it could not be loaded).
import { useId, type ReactNode } from 'react';
import { PanelLoading } from '../../components/ui/page-status.tsx';

/** Props of a panel. */
export interface ProfilePanelProps<T> {
  title: string; // the heading, also the section's accessible name
  testId: string;
  className?: string; // besides `profile-panel`
  data: T | null | undefined; // null / undefined while loading or after a failed load
  error: unknown; // the load's error (the failed line instead of "Loading...")
  what: string; // what failed to load: "`what` could not be loaded."
  children: (data: T) => ReactNode; // the loaded panel
  footer?: ReactNode; // shown loaded or not
}

/** A profile section around its loaded data. */
export function ProfilePanel<T>({
  title,
  testId,
  className,
  data,
  error,
  what,
  children,
  footer,
}: ProfilePanelProps<T>) {
  const titleId = useId();
  return (
    <section
      className={className ? `profile-panel ${className}` : 'profile-panel'}
      data-testid={testId}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      {data == null ? <PanelLoading failed={error} what={what} /> : children(data)}
      {footer}
    </section>
  );
}
