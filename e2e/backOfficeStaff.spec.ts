/**
 * The back office's shell and team on a 390 px phone, against the production build and the
 * reference server: the demo owner and the demo staff member each see the sections their
 * role may open; the owner invites a new member by email, who joins with the link from the
 * demo outbox; the owner turns their access off, and their next back-office call is refused.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { OutboxMessage } from 'contract';
import { auth, logIn, signUp, STAFF, uniqueSuffix, type Account } from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
const OWNER: Account = { email: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' };

const EVERY_SECTION = [
  'Orders',
  'Products',
  'Low stock',
  'Categories',
  'Spreadsheet',
  'Delivery and pickup',
  'Shop details',
  'Staff',
  'Change log',
];

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

/** Opens /staff signed out and logs in from its prompt, which comes back to /staff. */
async function signInToBackOffice(page: Page, account: Account, path = '/staff') {
  await page.goto(path);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email or phone number').fill(account.email);
  await page.getByLabel(/^Password\b/).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

async function sectionTiles(page: Page) {
  const tiles = page.getByRole('list', { name: 'Sections' }).getByRole('link');
  await expect(tiles.first()).toBeVisible();
  return tiles.allTextContents();
}

/** The invite link the newest message to `to` carries, from the demo outbox. */
async function inviteLinkSentTo(request: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const outbox = (await answer.json()) as OutboxMessage[];
        const found = outbox
          .filter((m) => m.to === to)
          .map((m) => /\/staff\/join\?code=[A-Za-z0-9_-]+/.exec(m.text)?.[0])
          .find(Boolean);
        link = found ?? '';
        return link;
      },
      { message: `an invite sent to ${to}`, timeout: 10_000 },
    )
    .toMatch(/^\/staff\/join\?code=/);
  return link;
}

test.describe('the back office on a phone', () => {
  test('the owner sees every section; staff see orders, products and low stock', async ({
    browser,
  }) => {
    const owner = await phone(browser);
    await signInToBackOffice(owner, OWNER);
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Back office');
    expect(await sectionTiles(owner)).toEqual(EVERY_SECTION);
    await owner.getByRole('button', { name: 'Back office menu' }).click();
    const menu = owner.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link')).toHaveText(['Home', ...EVERY_SECTION, 'Back to the shop']);
    await menu.getByRole('link', { name: 'Orders' }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Orders to fulfil');

    const staff = await phone(browser);
    await signInToBackOffice(staff, STAFF);
    expect(await sectionTiles(staff)).toEqual(['Orders', 'Products', 'Low stock']);
    await staff.goto('/staff/team');
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(
      'Only the shop owner can open this',
    );
  });

  test('the owner invites by email, the invitee joins, and turning them off shuts them out', async ({
    browser,
    request,
  }) => {
    const firstName = `Sade${uniqueSuffix()}`;
    const invitee = await signUp(request, firstName);

    // The owner sends the invite from the team page.
    const owner = await phone(browser);
    await signInToBackOffice(owner, OWNER, '/staff/team');
    await owner.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.getByRole('textbox', { name: /Email or mobile number/ }).fill(invitee.email);
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      owner.getByRole('region', { name: 'Invites not used yet' }).getByText(invitee.email),
    ).toBeVisible();

    // The invitee opens the link from the message, logs in and joins.
    const link = await inviteLinkSentTo(request, invitee.email);
    const joining = await phone(browser);
    await joining.goto(link);
    await expect(joining.getByRole('heading', { level: 1 })).toHaveText('Join the shop’s team');
    await joining.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await joining.getByLabel('Email or phone number').fill(invitee.email);
    await joining.getByLabel(/^Password\b/).fill(invitee.password);
    await joining.getByRole('button', { name: 'Log in', exact: true }).click();
    await joining.getByRole('button', { name: 'Join the team' }).click();
    await expect(joining).toHaveURL(/\/staff$/);
    expect(await sectionTiles(joining)).toEqual(['Orders', 'Products', 'Low stock']);

    // The owner turns their access off.
    await owner.reload();
    const card = owner.getByRole('article', { name: `${firstName} Ogunleye` });
    await card.getByRole('button', { name: 'Turn off' }).click();
    await owner
      .getByRole('dialog', { name: `Turn off ${firstName}'s access?` })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await expect(card.getByText('Turned off', { exact: true })).toBeVisible();

    // Their next back-office call is refused: the session is over, and a new one is kept out.
    // (Which call first meets the ended session depends on the page; the server tests check
    // each one answers 401.)
    await joining.reload();
    await expect(joining.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    const again = await logIn(request, invitee);
    const refused = await request.get('/api/staff/me', { headers: auth(again) });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/turned off/);

    // The change log shows who did it.
    await owner.goto('/staff/changes');
    await expect(
      owner.getByRole('list', { name: 'Changes' }).getByRole('article').first(),
    ).toContainText('by Kunle Ogunleye');
  });
});
