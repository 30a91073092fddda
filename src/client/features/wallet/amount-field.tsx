// The dollar amount input of the deposit forms, with its validation message.
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A "$" amount field bound to react-hook-form; `error` is the message to show. */
export function AmountField({
  id,
  error,
  field,
}: {
  id: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className={['field', error ? 'field-invalid' : ''].join(' ')}>
      <label htmlFor={id}>Amount</label>
      <div className="field-box">
        <span className="field-prefix">$</span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          aria-invalid={error ? true : undefined}
          {...field}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
