import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import {
  photosHandlers,
  setMockPhotos,
  uploadHangs,
  uploadNotAPhoto,
} from '../../../testing/backOffice/photosHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import ProductPhotos, { PHOTO_WORDS } from './ProductPhotos';

const PRODUCT = 7;
const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'market.jpg', {
    type: 'image/jpeg',
  });

/** Chooses a photo as the phone's picker would. */
async function choosePhoto(canvasElement: HTMLElement) {
  const input = await within(canvasElement).findByLabelText<HTMLInputElement>(PHOTO_WORDS.add, {
    selector: 'input',
  });
  await userEvent.upload(input, photo());
}

const meta = {
  title: 'Back office/ProductPhotos',
  component: ProductPhotos,
  args: { productId: PRODUCT },
  parameters: {
    route: '/staff/products/7',
    store: { preloadedState: { session: staffSession } },
    msw: photosHandlers,
  },
} satisfies Meta<typeof ProductPhotos>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A product with no photo yet: the shop shows its drawn picture. */
export const None: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(PHOTO_WORDS.none)).toBeVisible();
  },
};

/** Two photos: the first is the shop's; each can move or go. */
export const Some: Story = {
  beforeEach: () => {
    setMockPhotos(PRODUCT, 2);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('img', { name: 'Photo 1, shown in the shop' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move photo 2 earlier' })).toBeEnabled();
  },
};

/** Four photos, the most: no way to add a fifth, and the words say why. */
export const Four: Story = {
  beforeEach: () => {
    setMockPhotos(PRODUCT, 4);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(PHOTO_WORDS.full(4))).toBeVisible();
  },
};

/** A photo on its way: the progress shows and nothing else can change meanwhile. */
export const Uploading: Story = {
  beforeEach: () => {
    setMockPhotos(PRODUCT, 1);
  },
  parameters: { msw: [uploadHangs, ...photosHandlers] },
  play: async ({ canvasElement }) => {
    await choosePhoto(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: PHOTO_WORDS.add })).toBeDisabled();
  },
};

/** The shop refused the file: the reason in words, the photos there were still there. */
export const Error: Story = {
  beforeEach: () => {
    setMockPhotos(PRODUCT, 1);
  },
  parameters: { msw: [uploadNotAPhoto, ...photosHandlers] },
  play: async ({ canvasElement }) => {
    await choosePhoto(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('This file is not a photo. Choose a JPEG, PNG or WebP picture'),
    ).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Photo 1, shown in the shop' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: PHOTO_WORDS.tryAgain })).toBeVisible();
  },
};
