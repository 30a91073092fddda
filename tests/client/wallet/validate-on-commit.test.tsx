// Spec §5 "forms validate on blur and change, not on every keystroke" in the card, skins and address
// forms: a keystroke (the DOM input event) never shows nor clears a message, even once one shows
// (also after a refused submit, where react-hook-form's reValidateMode 'onChange' checked per keystroke);
// leaving the field (blur) or committing it (the DOM change event: Enter, a select picked) does.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CardForm } from '../../../src/client/features/wallet/card-form.tsx';
import { SkinsForm } from '../../../src/client/features/wallet/skins-form.tsx';
import { AddressFields, useAddressForm } from '../../../src/client/features/delivery/address-form.tsx';

afterEach(cleanup);

/** One keystroke's worth of editing: the value changes and only `input` fires (React's onChange). */
const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });
/** The edit committed: the DOM `change` event, the value as typed. */
const commit = (el: HTMLElement) => el.dispatchEvent(new Event('change', { bubbles: true }));
/** Lets react-hook-form's async validation settle. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe.each([
  ['card', () => <CardForm />, '4', 'Minimum amount is 5.', /^Pay/],
  ['skins', () => <SkinsForm />, '', 'Amount is not valid.', 'Checkout'],
])('%s form', (_name, form, bad, message, submit) => {
  const amount = () => screen.getByLabelText('Amount');
  it('no message while typing; blur shows it; typing a fix keeps it until blur', async () => {
    render(form());
    type(amount(), bad);
    await settle();
    expect(screen.queryByText(message)).toBeNull(); // typed, not left
    fireEvent.blur(amount());
    expect(await screen.findByText(message)).toBeTruthy();
    type(amount(), '1');
    type(amount(), '10');
    await settle();
    expect(screen.getByText(message)).toBeTruthy(); // keystrokes do not re-check a shown message
    fireEvent.blur(amount());
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
  it('after a refused submit, typing a fix still waits for blur (react-hook-form re-validated per keystroke)', async () => {
    render(form());
    type(amount(), bad);
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(message)).toBeTruthy();
    type(amount(), '2');
    type(amount(), '25');
    await settle();
    expect(screen.getByText(message)).toBeTruthy();
    fireEvent.blur(amount());
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
  it('the DOM change event validates (and re-validates) without a blur', async () => {
    render(form());
    type(amount(), bad);
    commit(amount());
    expect(await screen.findByText(message)).toBeTruthy();
    type(amount(), '25');
    await settle();
    expect(screen.getByText(message)).toBeTruthy();
    commit(amount());
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
});

function Address() {
  const form = useAddressForm();
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <AddressFields form={form} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('address form', () => {
  it('a shown message stays while typing and goes on blur or change; a picked country validates at once', async () => {
    render(<Address />);
    const email = screen.getByLabelText('Email');
    type(email, 'no');
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('email must be a valid email')).toBeTruthy();
    type(email, 'no@example.com');
    await settle();
    expect(screen.getByText('email must be a valid email')).toBeTruthy();
    commit(email);
    await waitFor(() => expect(screen.queryByText('email must be a valid email')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Send' })); // every empty field's message
    expect(await screen.findByText('country is a required field')).toBeTruthy();
    const first = screen.getByLabelText('First name');
    type(first, 'Ada');
    await settle();
    expect(screen.getByText('first name is a required field')).toBeTruthy(); // after a submit too
    fireEvent.blur(first);
    await waitFor(() => expect(screen.queryByText('first name is a required field')).toBeNull());
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    fireEvent.change(country, { target: { value: country.options[1]!.value } }); // a select commits on pick
    await waitFor(() => expect(screen.queryByText('country is a required field')).toBeNull());
  });
});
