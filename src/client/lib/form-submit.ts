// A form's submit handler: the page stays (no browser submit) and the form's own action runs.
import type { FormEvent } from 'react';

/** `onSubmit` for a form whose action is `act`: prevents the browser's submit, then runs `act` (a
 * promise it returns is left to settle on its own; `act` reports its own errors). */
export function onFormSubmit(act: () => unknown): (e: FormEvent) => void {
  return (e) => {
    e.preventDefault();
    void act();
  };
}
