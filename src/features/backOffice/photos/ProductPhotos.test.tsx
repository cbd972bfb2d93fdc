import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import {
  mockPhotosOf,
  photosHandlers,
  setMockPhotos,
  uploadNotAPhoto,
} from '../../../testing/backOffice/photosHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import ProductPhotos, { PHOTO_WORDS } from './ProductPhotos';

const PRODUCT = 7;
const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'photo.jpg', {
    type: 'image/jpeg',
  });

function renderPhotos() {
  server.use(...photosHandlers);
  return renderWithProviders(<ProductPhotos productId={PRODUCT} />, {
    preloadedState: { session: staffSession },
  });
}

const photoInput = () =>
  screen.getByLabelText<HTMLInputElement>(PHOTO_WORDS.add, { selector: 'input' });

test('the owner adds a first photo from the phone, and it becomes the one the shop shows', async () => {
  const { user } = renderPhotos();
  expect(await screen.findByText(PHOTO_WORDS.none)).toBeVisible();
  expect(photoInput()).toHaveAttribute('accept', 'image/*');

  await user.upload(photoInput(), jpeg());
  expect(await screen.findByRole('img', { name: 'Photo 1, shown in the shop' })).toBeVisible();
  expect(mockPhotosOf(PRODUCT)).toHaveLength(1);
  expect(await screen.findByText(PHOTO_WORDS.added)).toBeVisible();
});

test('photos move earlier and later, and the shop keeps the new order', async () => {
  const [first, second] = setMockPhotos(PRODUCT, 3);
  const { user } = renderPhotos();
  await screen.findByRole('img', { name: 'Photo 2' });
  expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
  await waitFor(() =>
    expect(
      mockPhotosOf(PRODUCT)
        .map((p) => p.id)
        .slice(0, 2),
    ).toEqual([second!.id, first!.id]),
  );
  expect(await screen.findByText(PHOTO_WORDS.moved)).toBeVisible();
});

test('removing asks first; keeping changes nothing', async () => {
  setMockPhotos(PRODUCT, 2);
  const { user } = renderPhotos();
  await user.click(await screen.findByRole('button', { name: 'Remove photo 2' }));
  const dialog = await screen.findByRole('dialog', { name: PHOTO_WORDS.confirmTitle });
  await user.click(within(dialog).getByRole('button', { name: PHOTO_WORDS.keep }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(mockPhotosOf(PRODUCT)).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: PHOTO_WORDS.remove }),
  );
  await waitFor(() => expect(screen.queryByRole('img', { name: 'Photo 2' })).toBeNull());
  expect(mockPhotosOf(PRODUCT)).toHaveLength(1);
});

test('with four photos there is no way to add a fifth, and the page says why', async () => {
  setMockPhotos(PRODUCT, 4);
  renderPhotos();
  expect(await screen.findByText(PHOTO_WORDS.full(4))).toBeVisible();
  expect(screen.queryByRole('button', { name: PHOTO_WORDS.add })).toBeNull();
});

test('a refused upload says why in words, keeps the photos there were, and can be tried again', async () => {
  setMockPhotos(PRODUCT, 1);
  const { user } = renderPhotos();
  await screen.findByRole('img', { name: 'Photo 1, shown in the shop' });
  server.use(uploadNotAPhoto);
  await user.upload(photoInput(), jpeg());
  expect(
    await screen.findByText('This file is not a photo. Choose a JPEG, PNG or WebP picture'),
  ).toBeVisible();
  expect(screen.getByRole('img', { name: 'Photo 1, shown in the shop' })).toBeVisible();

  server.resetHandlers(...photosHandlers);
  await user.click(screen.getByRole('button', { name: PHOTO_WORDS.tryAgain }));
  expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeVisible();
});

test('a photo over 15 MB is refused before it is sent', async () => {
  const { user } = renderPhotos();
  await screen.findByText(PHOTO_WORDS.none);
  const big = new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
  await user.upload(photoInput(), big);
  expect(await screen.findByText(PHOTO_WORDS.tooLarge(15))).toBeVisible();
  expect(mockPhotosOf(PRODUCT)).toHaveLength(0);
});
