// Spec §5: forms validate on blur and on change, not on every keystroke. react-hook-form's
// `onChange` modes listen to React's onChange, which fires per keystroke (the DOM `input` event);
// the forms use `mode: 'onBlur', reValidateMode: 'onBlur'` and this ref adds the DOM `change`
// event (a select picked, a value committed with Enter, autofill), so a shown message is
// re-checked only when the player finishes an edit, never while they type.

/** A ref for the element around the fields: validates `names` on their DOM `change` events. */
export function validateOnCommit<N extends string>(
  trigger: (name: N) => Promise<boolean>,
  names: readonly N[],
): (el: HTMLElement | null) => (() => void) | undefined {
  return (el) => {
    if (!el) return;
    const onChange = (e: Event) => {
      const name = (e.target as HTMLInputElement | null)?.name as N | undefined;
      // after the event reaches React's root listener, which hands a picked option's value to the form
      if (name && names.includes(name)) queueMicrotask(() => void trigger(name));
    };
    el.addEventListener('change', onChange);
    return () => el.removeEventListener('change', onChange);
  };
}
