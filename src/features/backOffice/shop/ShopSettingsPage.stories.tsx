import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { fixtureShopSettings, shopMockDb } from '../../../testing/backOffice/shopSettingsHandlers';
import { url } from '../../../testing/mockDb';
import { staffSession } from '../../../testing/staffHandlers';
import { ShopSettingsForm, FIRST_ORDER_ABOVE, SHOP_NAME_MISSING } from './ShopSettingsPage';

const meta = {
  title: 'Back office/Shop/ShopSettingsForm',
  component: ShopSettingsForm,
  args: { settings: fixtureShopSettings },
  parameters: {
    route: '/staff/settings',
    store: { preloadedState: { session: staffSession } },
  },
} satisfies Meta<typeof ShopSettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('form', { name: 'Shop details' });

/** The shop's details as saved, ready to change. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const f = within(form(canvasElement));
    await expect(f.getByRole('textbox', { name: /Shop address/ })).toHaveValue(
      fixtureShopSettings.address,
    );
  },
};

/** A new phone number is saved; the shop's own answer follows. */
export const SavesPhone: Story = {
  play: async ({ canvasElement }) => {
    const f = within(form(canvasElement));
    const phone = f.getByRole('textbox', { name: /^Phone/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '08091112222');
    await userEvent.click(f.getByRole('button', { name: 'Save shop details' }));
    await waitFor(() => expect(shopMockDb.settings.phone).toBe('08091112222'));
  },
};

/** A pay-later cap as high as the setting allows (₦100,000,000, "no limit" in practice) saves. */
export const SavesHighestCap: Story = {
  play: async ({ canvasElement }) => {
    const f = within(form(canvasElement));
    const open = f.getByRole('textbox', { name: /unpaid at once/ });
    await userEvent.clear(open);
    await userEvent.type(open, '100,000,000');
    await userEvent.click(f.getByRole('button', { name: 'Save shop details' }));
    await waitFor(() => expect(shopMockDb.settings.pay_later_open_max_total).toBe(100_000_000));
  },
};

/** Mistakes are shown beside their fields and nothing is sent. */
export const Mistakes: Story = {
  play: async ({ canvasElement }) => {
    const f = within(form(canvasElement));
    await userEvent.clear(f.getByRole('textbox', { name: /Shop name/ }));
    const first = f.getByRole('textbox', { name: /first order/ });
    await userEvent.clear(first);
    await userEvent.type(first, '200000');
    await userEvent.click(f.getByRole('button', { name: 'Save shop details' }));
    await expect(await f.findByText(SHOP_NAME_MISSING)).toBeVisible();
    await expect(f.getByText(FIRST_ORDER_ABOVE)).toBeVisible();
    await expect(shopMockDb.settings.name).toBe(fixtureShopSettings.name);
  },
};

/** The server refuses (a staff member, not the owner): its words show, the typing stays. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(url('/staff/shop-settings', 'staff'), () =>
          HttpResponse.json({ detail: 'Only the shop owner can do this' }, { status: 403 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const f = within(form(canvasElement));
    const phone = f.getByRole('textbox', { name: /^Phone/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '08091112222');
    await userEvent.click(f.getByRole('button', { name: 'Save shop details' }));
    await expect(await f.findByText('Only the shop owner can do this')).toBeVisible();
    await expect(phone).toHaveValue('08091112222');
  },
};
