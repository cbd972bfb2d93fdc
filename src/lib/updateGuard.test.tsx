import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formHoldsTypedText,
  holdUpdates,
  PENDING_PAYMENT_KEY,
  updateHoldReasons,
  updatesHeld,
} from './updateGuard';

/** Adds plain markup to the page, as a form that React does not manage would be. */
function page(html: string) {
  const section = document.createElement('section');
  section.innerHTML = html;
  document.body.append(section);
  return section;
}

/** A field of the given kind, added to the page; attributes are its defaults. */
function field<K extends 'input' | 'textarea' | 'select'>(
  tag: K,
  attributes: Record<string, string> = {},
  options: string[] = [],
  container: HTMLElement = page(''),
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const option of options) element.append(new Option(option));
  container.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holds', () => {
  test('a hold holds updates until it is released', () => {
    expect(updatesHeld()).toBe(false);
    const release = holdUpdates('payment');
    expect(updatesHeld()).toBe(true);
    expect(updateHoldReasons()).toEqual(['payment']);
    release();
    expect(updatesHeld()).toBe(false);
  });

  test('each hold is released on its own, and releasing twice is harmless', () => {
    const releasePayment = holdUpdates('payment');
    const releaseOther = holdUpdates('payment');
    releasePayment();
    releasePayment();
    expect(updatesHeld()).toBe(true);
    releaseOther();
    expect(updatesHeld()).toBe(false);
  });

  test('the pendingPayment key in localStorage holds updates while it is there', () => {
    localStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ reference: 'ref-1' }));
    expect(updatesHeld()).toBe(true);
    expect(updateHoldReasons()).toEqual([PENDING_PAYMENT_KEY]);
    localStorage.removeItem(PENDING_PAYMENT_KEY);
    expect(updatesHeld()).toBe(false);
  });
});

describe('typed text', () => {
  test('fields showing their default values hold nothing', () => {
    page(`
      <input name="email" value="ada@example.ng" />
      <textarea name="note">Leave at the gate</textarea>
      <select name="state"><option>Lagos</option><option selected>Oyo</option></select>
      <select name="city"><option>Bodija</option><option>Dugbe</option></select>
    `);
    expect(formHoldsTypedText()).toBe(false);
    expect(updatesHeld()).toBe(false);
  });

  test('an input whose value differs from its default holds updates', () => {
    field('input', { name: 'email', value: '' }).value = 'ada@example.ng';
    expect(formHoldsTypedText()).toBe(true);
    expect(updateHoldReasons()).toEqual(['typed text']);
  });

  test('a textarea whose value differs from its default holds updates', () => {
    const message = field('textarea', { name: 'message' });
    message.defaultValue = 'Hello';
    message.value = 'Hello, is garri in stock?';
    expect(updatesHeld()).toBe(true);
  });

  test('a select moved away from its marked default holds updates', () => {
    const state = field('select', { name: 'state' }, ['Lagos', 'Oyo']);
    const oyo = state.options[1];
    if (oyo) oyo.defaultSelected = true;
    state.value = 'Lagos';
    expect(updatesHeld()).toBe(true);
  });

  test('a select the shopper changed holds updates even without a marked default', async () => {
    page(
      '<label>City <select><option value="">Choose</option><option>Bodija</option></select></label>',
    );
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Bodija');
    expect(updatesHeld()).toBe(true);
  });

  test('search boxes, hidden and read-only fields, checkboxes and radios do not count', () => {
    field('input', { type: 'search', name: 'q' }).value = 'palm oil';
    field('input', { type: 'hidden', name: 'csrf' }).value = 'token';
    field('input', { name: 'reference', readonly: '' }).value = 'PSK-123';
    field('textarea', { name: 'terms', readonly: '' }).value = 'changed';
    field('input', { type: 'checkbox', name: 'remember' }).checked = true;
    field('input', { type: 'radio', name: 'method', value: 'pickup' }).checked = true;
    field('input', { type: 'range', name: 'quantity' });
    expect(formHoldsTypedText()).toBe(false);
    expect(updatesHeld()).toBe(false);
  });

  test('typing in a search box does not hold updates', async () => {
    page('<label>Search products <input type="search" /></label>');
    await userEvent.type(screen.getByLabelText('Search products'), 'rice');
    expect(updatesHeld()).toBe(false);
  });

  test('a React-controlled field the shopper typed into holds updates until it is empty', async () => {
    function Controlled() {
      const [name, setName] = useState('');
      return (
        <label>
          Full address
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
      );
    }
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('Full address');
    await userEvent.type(input, '14 Bodija Road');
    // React keeps the default value in step with the value, so only the typing tells.
    expect(input.defaultValue).toBe('14 Bodija Road');
    expect(updatesHeld()).toBe(true);
    await userEvent.clear(input);
    expect(updatesHeld()).toBe(false);
  });

  test('a React-controlled field filled by the app, not the shopper, holds nothing', () => {
    render(
      <label>
        First name
        <input value="Ada" onChange={() => {}} />
      </label>,
    );
    expect(updatesHeld()).toBe(false);
  });

  test('looks only under the root it is given', () => {
    const withTyping = page('');
    field('input', { name: 'email' }, [], withTyping).value = 'typed';
    const untouched = page('');
    field('input', { name: 'name' }, [], untouched);
    expect(formHoldsTypedText(untouched)).toBe(false);
    expect(formHoldsTypedText(withTyping)).toBe(true);
  });
});
