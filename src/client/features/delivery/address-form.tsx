// The address form (spec §3/§5): validated on blur and on the DOM change event, never per keystroke,
// with the spec's exact messages from the shared schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ADDRESS_FIELDS, addressSchema, type Address, type AddressInput } from '../../../shared/api/delivery.ts';
import { COUNTRIES } from '../../../shared/countries.ts';
import { useMemo } from 'react';
import { validateOnCommit } from '../../lib/validate-on-commit.ts';

const NAMES = ADDRESS_FIELDS.map((f) => f.name);

const empty: AddressInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  country: '',
  country_state: '',
  city: '',
  postal_code: '',
  street_address: '',
  street_address_2: '',
};

/** The form state hook with the shared schema. */
export function useAddressForm(): UseFormReturn<AddressInput, unknown, Address> {
  return useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(addressSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur', // and on the DOM change event (validateOnCommit)
    defaultValues: empty,
  });
}

/** The address fields of a form made with useAddressForm. */
export function AddressFields({ form }: { form: UseFormReturn<AddressInput, unknown, Address> }) {
  const { register, formState, trigger } = form;
  const commitRef = useMemo(() => validateOnCommit(trigger, NAMES), [trigger]);
  return (
    <div className="form-grid" ref={commitRef}>
      {ADDRESS_FIELDS.map((f) => {
        const error = formState.errors[f.name]?.message;
        const id = `address-${f.name}`;
        return (
          <div key={f.name} className="form-field">
            <label htmlFor={id}>
              {f.label}
              {f.optional ? <span className="muted"> (optional)</span> : null}
            </label>
            {f.name === 'country' ? (
              <select
                id={id}
                {...register('country')}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
              >
                <option value="">Choose a country</option>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'}
                {...register(f.name)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                autoComplete="on"
              />
            )}
            {error ? (
              <span id={`${id}-error`} className="field-error" role="alert" data-field={f.name}>
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
