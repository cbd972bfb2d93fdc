import { act, render, screen } from '@testing-library/react';
import ProductImage from './ProductImage';

const src = '/api/images/products/ofada-rice-5kg.svg';

test('a picture for a windowed list is asked for once the page is idle, not while it mounts', () => {
  // jsdom has no requestIdleCallback: the picture waits for a short pause, on the test's clock.
  jest.useFakeTimers();
  try {
    render(<ProductImage src={src} alt="Ofada rice" whenIdle />);
    // Mounted: the frame keeps its place, with no image request yet.
    expect(screen.queryByRole('img')).toBeNull();

    act(() => jest.runOnlyPendingTimers());
    expect(screen.getByRole('img', { name: 'Ofada rice' })).toHaveAttribute('src', src);
  } finally {
    jest.useRealTimers();
  }
});

describe('with requestIdleCallback', () => {
  const pending = new Map<number, () => void>();
  const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  beforeEach(() => {
    let next = 1;
    window.requestIdleCallback = (callback) => {
      const handle = next++;
      pending.set(handle, () => callback({ didTimeout: false, timeRemaining: () => 10 }));
      return handle;
    };
    window.cancelIdleCallback = (handle) => {
      pending.delete(handle);
    };
  });
  afterEach(() => {
    pending.clear();
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
  });

  test('the picture waits for the idle callback', () => {
    render(<ProductImage src={src} alt="Ofada rice" whenIdle />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(pending.size).toBe(1);

    act(() => [...pending.values()].forEach((run) => run()));
    expect(screen.getByRole('img', { name: 'Ofada rice' })).toHaveAttribute('src', src);
  });

  test('a card dropped before the page is idle never asks for its picture', () => {
    const { unmount } = render(<ProductImage src={src} alt="" whenIdle />);
    expect(pending.size).toBe(1);
    unmount();
    expect(pending.size).toBe(0);
  });
});

test('the first rows (eager) and other lists show their picture at once', () => {
  render(
    <>
      <ProductImage src={src} alt="Eager" eager whenIdle />
      <ProductImage src={src} alt="Plain" />
    </>,
  );
  expect(screen.getByRole('img', { name: 'Eager' })).toHaveAttribute('loading', 'eager');
  expect(screen.getByRole('img', { name: 'Plain' })).toHaveAttribute('loading', 'lazy');
});

test('an uploaded photo offers each of its copies, WebP first, sized for where it shows', () => {
  const { container } = render(
    <ProductImage src="/media/12-640.jpg" alt="Palm oil" sizes="(max-width: 559px) 50vw, 25vw" />,
  );
  const image = screen.getByRole('img', { name: 'Palm oil' });
  expect(image).toHaveAttribute('src', '/media/12-640.jpg');
  expect(image).toHaveAttribute(
    'srcset',
    '/media/12-320.jpg 320w, /media/12-640.jpg 640w, /media/12-1080.jpg 1080w',
  );
  expect(image).toHaveAttribute('sizes', '(max-width: 559px) 50vw, 25vw');
  // A <source> has no role to find it by.
  // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
  const webp = container.querySelector('picture > source[type="image/webp"]');
  expect(webp).toHaveAttribute(
    'srcset',
    '/media/12-320.webp 320w, /media/12-640.webp 640w, /media/12-1080.webp 1080w',
  );
});

test('a drawn picture has one address and no srcset', () => {
  const { container } = render(<ProductImage src={src} alt="Ofada rice" size={72} />);
  expect(screen.getByRole('img', { name: 'Ofada rice' })).not.toHaveAttribute('srcset');
  // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
  expect(container.querySelector('source')).toBeNull();
});
