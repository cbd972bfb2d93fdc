import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// React's own act: these tests drive roots of their own, not Testing Library's render.
import { act, useId, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { noteServerFields, useEarlyTyping } from './useEarlyTyping';

/** A controlled field that reports every value its state takes. */
function Field({ label, onValue }: { label: string; onValue: (value: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const typed = (text: string) => {
    setValue(text);
    onValue(text);
  };
  const ref = useEarlyTyping<HTMLInputElement>(value, typed);
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={ref} value={value} onChange={(event) => typed(event.target.value)} />
    </p>
  );
}

/** The server's page for `page`, in the document as the browser would show it. */
function serverPage(page: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

let root: Root | null = null;

/** Renders `page` afresh over the server's page in `container`, as app/start.tsx does. */
function replaceServerPage(container: HTMLElement, page: React.ReactElement) {
  root = createRoot(container);
  root.render(page);
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

test('typing on a server page that is hydrated becomes the field’s state', async () => {
  const values: string[] = [];
  const page = <Field label="Search products" onValue={(value) => values.push(value)} />;
  const container = serverPage(page);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Search products'), 'garri');
  expect(values).toEqual([]);

  await act(async () => {
    root = hydrateRoot(container, page);
  });
  expect(values).toEqual(['garri']);
  const field = screen.getByLabelText<HTMLInputElement>('Search products');
  expect(field).toHaveValue('garri');
  expect(field).toHaveFocus();
  // Typing goes on from there.
  await user.type(field, ' white');
  expect(values.at(-1)).toBe('garri white');
});

test('a page rendered afresh over the server’s takes its typing, focus and caret', async () => {
  const values: string[] = [];
  const container = serverPage(
    <>
      <Field label="Search products" onValue={() => {}} />
      <Field label="Quantity" onValue={() => {}} />
    </>,
  );
  const user = userEvent.setup();
  const server = screen.getByLabelText<HTMLInputElement>('Search products');
  await user.type(server, 'palm oil');
  server.setSelectionRange(4, 4);

  noteServerFields(container);
  // A signed-in shopper's page differs from the server's: here, a field ahead of the search.
  await act(async () =>
    replaceServerPage(
      container,
      <>
        <Field label="Quantity" onValue={() => {}} />
        <Field label="Search products" onValue={(value) => values.push(value)} />
      </>,
    ),
  );
  const field = screen.getByLabelText<HTMLInputElement>('Search products');
  expect(field).not.toBe(server);
  expect(values).toEqual(['palm oil']);
  expect(field).toHaveValue('palm oil');
  expect(field).toHaveFocus();
  expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  // The field not typed into is left as the app draws it.
  expect(screen.getByLabelText('Quantity')).toHaveValue('');
});

test('the focus stays where the shopper moved it before the page was replaced', async () => {
  const container = serverPage(
    <>
      <Field label="Search products" onValue={() => {}} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Search products'), 'rice');
  noteServerFields(container);
  const outside = document.createElement('button');
  document.body.append(outside);
  outside.focus();

  await act(async () =>
    replaceServerPage(container, <Field label="Search products" onValue={() => {}} />),
  );
  expect(screen.getByLabelText('Search products')).toHaveValue('rice');
  expect(outside).toHaveFocus();
});

test('a field the app draws itself reports nothing', () => {
  const values: string[] = [];
  render(<Field label="Search products" onValue={(value) => values.push(value)} />);
  expect(values).toEqual([]);
  expect(screen.getByLabelText('Search products')).toHaveValue('');
});
