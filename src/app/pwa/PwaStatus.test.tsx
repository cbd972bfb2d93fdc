import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { OFFLINE_MESSAGE } from './OfflineBanner';
import { PwaStatus } from './PwaStatus';
import { askToUpdate, clearUpdatePrompt } from './updatePrompt';

let online = true;

beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  jest.restoreAllMocks();
  clearUpdatePrompt();
});

function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('the offline banner', () => {
  test('is an empty polite status region while online', () => {
    renderWithProviders(<PwaStatus />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();
  });

  test('says so when the connection drops and clears when it comes back', () => {
    renderWithProviders(<PwaStatus />);
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
    goOnline();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  test('is pinned to the bottom of the screen, wherever the page has scrolled to', () => {
    // Mounted after the footer (ShellExtras): in the flow it would show only at the page's end.
    renderWithProviders(<PwaStatus />);
    goOffline();
    const style = getComputedStyle(screen.getByRole('status'));
    expect(style.position).toBe('fixed');
    expect(style.bottom).toBe('0px');
    expect(style.left).toBe('0px');
    expect(style.right).toBe('0px');
    // Above a bar the page pins to the bottom (the cart's total on phones), not under it.
    expect(style.transform).toContain('--bottom-bar-height');
  });

  test('shows from the start when the page opens offline', () => {
    online = false;
    renderWithProviders(<PwaStatus />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
  });
});

describe('the update prompt', () => {
  test('appears only when the update flow asks', async () => {
    renderWithProviders(<PwaStatus />);
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
    act(() => askToUpdate(() => {}));
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
