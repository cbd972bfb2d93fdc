import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { CustomerUpdate, User } from 'contract';
import { apiUrl, fixtureUser, signedInSession } from '../../testing/fixtures';
import EditProfileForm from './EditProfileForm';

const UPDATE_URL = apiUrl('/customer-update', 'users');

/** The signed-in shopper as a new account starts: the sign-up defaults, no mobile number yet. */
const newShopper: User = { ...fixtureUser, mobile_number: '', age: 18, gender: 'female' };

const users = { adebayo: fixtureUser, newShopper };

// The control holds the option's key; Storybook maps it to the user before rendering.
const userOption = (key: keyof typeof users) => key as unknown as User;

/** The form's fields, the toaster and the bodies of the updates sent, for a play function. */
function screenOf(canvasElement: HTMLElement) {
  const form = within(within(canvasElement).getByRole('form', { name: 'Edit profile' }));
  return {
    form,
    page: within(canvasElement.ownerDocument.body),
    mobile: form.getByRole('textbox', { name: 'Mobile number' }),
    age: form.getByRole('textbox', { name: 'Age' }),
    gender: form.getByRole('combobox', { name: 'Gender' }),
    save: form.getByRole('button', { name: 'Save' }),
  };
}

/** Types a whole value at once, as a paste does (MUI fields are slow to type into key by key). */
async function replaceText(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.paste(text);
}

/** What each Save sent, recorded on its way to the mock backend (which still answers it). */
const sentUpdates: CustomerUpdate[] = [];
const recordUpdates = http.patch(UPDATE_URL, async ({ request }) => {
  sentUpdates.push((await request.clone().json()) as CustomerUpdate);
  // No answer here: MSW passes the request on to the mock backend's handler.
});

const meta = {
  title: 'Modals/EditProfileForm',
  component: EditProfileForm,
  // The form takes the user's values when it mounts: a new key refills it when the control changes.
  render: (args) => (
    <EditProfileForm
      key={`${args.user.mobile_number}|${args.user.age}|${args.user.gender}`}
      {...args}
    />
  ),
  decorators: [
    (Story) => (
      <Container maxWidth="sm" sx={{ py: 5 }}>
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <Story />
        </Card>
      </Container>
    ),
  ],
  args: {
    user: userOption('adebayo'),
    userId: fixtureUser.id,
    onSaved: fn(),
    onCancel: fn(),
  },
  argTypes: {
    user: {
      description: 'The saved profile the form starts from.',
      options: Object.keys(users),
      mapping: users,
      control: {
        type: 'radio',
        labels: { adebayo: 'Adebayo (full profile)', newShopper: 'New shopper (no mobile number)' },
      },
    },
    userId: {
      description: "The session's user id, sent as user_id (another id is refused).",
      control: { type: 'number' },
    },
    onSaved: { description: 'The server accepted the update (with the saved profile).' },
    onCancel: { description: 'Cancel: back to the read-only details.' },
  },
  // Saving sends the shopper's token.
  parameters: { route: '/profile', store: { preloadedState: { session: signedInSession } } },
} satisfies Meta<typeof EditProfileForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Edit Profile just opened: mobile number, age and gender hold the saved values. */
export const Prefilled: Story = {
  play: async ({ canvasElement }) => {
    const { mobile, age, gender, form } = screenOf(canvasElement);
    await expect(mobile).toHaveValue('08031234567');
    await expect(age).toHaveValue('34');
    await expect(gender).toHaveValue('male');
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** A shopper with no mobile number yet: that field starts empty. */
export const NewShopper: Story = {
  args: { user: userOption('newShopper') },
  play: async ({ canvasElement }) => {
    const { mobile, age, gender } = screenOf(canvasElement);
    await expect(mobile).toHaveValue('');
    await expect(age).toHaveValue('18');
    await expect(gender).toHaveValue('female');
  },
};

/** Save with a number that is not a Nigerian mobile and an age under 13: each says why, inline. */
export const WithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const { mobile, age, save } = screenOf(canvasElement);
    await replaceText(mobile, '12345');
    await replaceText(age, '9');
    await userEvent.click(save);

    await expect(mobile).toHaveAccessibleDescription(
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    );
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(age).toHaveAccessibleDescription('Age must be between 13 and 120');
    await expect(mobile).toHaveFocus();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** Save sends user_id and only the fields that are not empty; the saved profile comes back. */
export const Saved: Story = {
  parameters: { msw: [recordUpdates] },
  beforeEach: () => {
    sentUpdates.length = 0;
  },
  play: async ({ canvasElement, args }) => {
    const { mobile, age, gender, save, page } = screenOf(canvasElement);
    // An emptied field keeps its saved value: it is left out of the update.
    await replaceText(mobile, '');
    await replaceText(age, '41');
    await userEvent.selectOptions(gender, 'other');
    await userEvent.click(save);

    await expect(await page.findByText('Account successfully updated!')).toBeInTheDocument();
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledTimes(1));
    await expect(args.onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ mobile_number: '08031234567', age: 41, gender: 'other' }),
    );
    await expect(sentUpdates).toEqual([{ user_id: fixtureUser.id, age: 41, gender: 'other' }]);
  },
};

/** The server refuses a field (422): its words show beside that field and in the failure toast. */
export const RefusedByServer: Story = {
  parameters: {
    msw: [
      http.patch(UPDATE_URL, () =>
        HttpResponse.json(
          {
            detail: [
              {
                loc: ['body', 'mobile_number'],
                msg: 'This mobile number belongs to another account',
                type: 'value_error',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const { mobile, save, page } = screenOf(canvasElement);
    await userEvent.click(save);

    await waitFor(() =>
      expect(mobile).toHaveAccessibleDescription('This mobile number belongs to another account'),
    );
    await expect(await page.findByText('Unable to update account')).toBeInTheDocument();
    await expect(
      page.getByText('Mobile number: This mobile number belongs to another account'),
    ).toBeInTheDocument();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** The server fails with no detail (500): 'An error occured' above the fields and in the toast. */
export const ServerError: Story = {
  parameters: {
    msw: [http.patch(UPDATE_URL, () => new HttpResponse(null, { status: 500 }))],
  },
  play: async ({ canvasElement, args }) => {
    const { form, save, page } = screenOf(canvasElement);
    await userEvent.click(save);

    await expect(await form.findByRole('alert')).toHaveTextContent('An error occured');
    await expect(await page.findByText('Unable to update account')).toBeInTheDocument();
    await expect(save).toBeEnabled();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** Cancel leaves without sending anything. */
export const Cancelled: Story = {
  parameters: { msw: [recordUpdates] },
  beforeEach: () => {
    sentUpdates.length = 0;
  },
  play: async ({ canvasElement, args }) => {
    const { form, age } = screenOf(canvasElement);
    await replaceText(age, '99');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));

    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onSaved).not.toHaveBeenCalled();
    await expect(sentUpdates).toEqual([]);
  },
};
