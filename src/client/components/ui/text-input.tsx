// Text input of the UI kit (spec §2): label, optional prefix image, show/hide for passwords and a
// copy button whose "Copied!" tooltip shows for 1000 ms (spec §9).
import { forwardRef, useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';

/** How long the "Copied!" tooltip stays (ms). */
export const COPIED_TOOLTIP_MS = 1000;

/** Text input props: a native input plus label, prefix image, copy button and error text. */
export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label?: string;
  prefixImage?: { src: string; alt: string };
  copyable?: boolean; // shows a copy button for the current value
  error?: string;
}

/** A labelled text input. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, prefixImage, copyable = false, error, id, type = 'text', className, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const own = useRef<HTMLInputElement | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const copy = async () => {
    const value = own.current?.value ?? '';
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      own.current?.select();
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
  };

  const password = type === 'password';
  return (
    <div className={['field', error ? 'field-invalid' : '', className].filter(Boolean).join(' ')}>
      {label && <label htmlFor={inputId}>{label}</label>}
      <div className="field-box">
        {prefixImage && (
          <img className="field-prefix" src={prefixImage.src} alt={prefixImage.alt} width={20} height={20} />
        )}
        <input
          {...rest}
          id={inputId}
          ref={(el) => {
            own.current = el;
            if (typeof ref === 'function') ref(el);
            else if (ref) ref.current = el;
          }}
          type={password && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {password && (
          <button
            type="button"
            className="field-action"
            onClick={() => setShown(!shown)}
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
        {copyable && (
          <span className="field-copy">
            <button type="button" className="field-action" onClick={copy} aria-label="Copy">
              Copy
            </button>
            {copied && (
              <span role="status" className="tooltip">
                Copied!
              </span>
            )}
          </span>
        )}
      </div>
      {error && (
        <p className="field-error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});
