// The HUD kit's tabs (Rocket's Manual / Auto): buttons with role "tab", the chosen one selected.
import './hud.css';

/** Props: the tabs' values and texts, the chosen one, and whether switching is locked. */
export interface HudTabsProps<T extends string> {
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange(value: NoInfer<T>): void;
  disabled?: boolean;
}

/** A tab list; each tab is a button the kit styles. */
export function HudTabs<T extends string>({ tabs, value, onChange, disabled }: HudTabsProps<T>) {
  return (
    <div className="hud-tabs" role="tablist">
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          className="hud-tab"
          aria-selected={t.value === value}
          onClick={() => onChange(t.value)}
          disabled={disabled}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
