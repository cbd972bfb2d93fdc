import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toast } from './toast';
import { ERROR_DETAILS } from 'contract/details';
import { expect, userEvent, within } from 'storybook/test';
import { contactMessages, messages, plainMessages } from './messages';
import { toastRules } from './mutationToasts';
import { toastError, toastMutation, type MessageKey } from './toasts';

interface ToastCatalogueProps {
  /** What the server's answer says in the failure examples (shown where the spec shows it). */
  serverDetail: string;
  /** Fills '{email}' in 'OTP sent to {email}!'. */
  email: string;
}

const rows = Object.keys(messages) as MessageKey[];

/** A server answer as RTK Query hands it to a screen. */
function serverError(detail: string) {
  return { status: 400, data: { detail } };
}

const tokenRefused = { status: 401, data: { detail: ERROR_DETAILS.credentials } };

/** Never settles: the pending toast stays until dismissed. */
const pending = () => new Promise<never>(() => {});

/**
 * Every toast of the message catalogue, shown through the same toastMutation the screens
 * call, so each row follows its spec rules (durations, server detail, 'Please, log in').
 */
function ToastCatalogue({ serverDetail, email }: ToastCatalogueProps) {
  function show(row: MessageKey, outcome: 'loading' | 'success' | 'failure' | 'refused') {
    const values = row === 'resetOtp' ? { email } : undefined;
    const promise =
      outcome === 'loading'
        ? pending()
        : outcome === 'success'
          ? Promise.resolve(null)
          : Promise.reject(outcome === 'refused' ? tokenRefused : serverError(serverDetail));
    void toastMutation(promise, row, { values });
  }

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Toasts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Each button shows the toast a shopper sees, with its real timing: 3 s, or 2 s for adding to
        the wishlist. Failures show the server&apos;s words where the spec asks for them; calls that
        need a token say &lsquo;{plainMessages.pleaseLogIn}&rsquo; when it is refused.
      </Typography>
      <Button variant="outlined" onClick={() => toast.dismiss()} sx={{ mb: 2 }}>
        Dismiss all
      </Button>
      <Table size="small" aria-label="Toasts of mutations">
        <TableHead>
          <TableRow>
            <TableCell>Action</TableCell>
            <TableCell>Pending</TableCell>
            <TableCell>Success</TableCell>
            <TableCell>Failure</TableCell>
            <TableCell>Show</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row}>
              <TableCell component="th" scope="row">
                {row}
              </TableCell>
              <TableCell>{messages[row].loading}</TableCell>
              <TableCell>{messages[row].success}</TableCell>
              <TableCell>{messages[row].error}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    onClick={() => show(row, 'loading')}
                    aria-label={`${row} pending`}
                  >
                    Pending
                  </Button>
                  <Button
                    size="small"
                    onClick={() => show(row, 'success')}
                    aria-label={`${row} success`}
                  >
                    Success
                  </Button>
                  <Button
                    size="small"
                    onClick={() => show(row, 'failure')}
                    aria-label={`${row} failure`}
                  >
                    Failure
                  </Button>
                  {toastRules[row].credentialAware ? (
                    <Button
                      size="small"
                      onClick={() => show(row, 'refused')}
                      aria-label={`${row} token refused`}
                    >
                      Token refused
                    </Button>
                  ) : null}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        Other toasts
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => toast.success(contactMessages.success)}>
          Contact form sent
        </Button>
        <Button variant="outlined" onClick={() => toastError(contactMessages.error)}>
          Contact form failed
        </Button>
        <Button variant="outlined" onClick={() => toast.success(plainMessages.logoutSuccess)}>
          Logged out
        </Button>
        <Button variant="outlined" onClick={() => toastError(plainMessages.pleaseLogIn)}>
          Signed out shopper adds to cart
        </Button>
      </Stack>
    </Box>
  );
}

const meta = {
  title: 'Messages/Toasts',
  component: ToastCatalogue,
  args: { serverDetail: 'Product is out of stock', email: 'adebayo@example.ng' },
  // Toasts live in sonner's own store: start each story with none showing.
  loaders: [
    async () => {
      toast.dismiss();
      return {};
    },
  ],
} satisfies Meta<typeof ToastCatalogue>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Catalogue: Story = {};

/** A success toast after its pending text, with the placeholder filled. */
export const SuccessWithEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'resetOtp success' }));
    await expect(await page.findByText(`OTP sent to ${args.email}!`)).toBeInTheDocument();
  },
};

/** Where the spec shows the server's words, the failure toast carries them. */
export const FailureWithServerWords: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    // Adding to the wishlist replaces the catalogue's text with the server's detail.
    await userEvent.click(canvas.getByRole('button', { name: 'wishlistAdd failure' }));
    await expect(await page.findByText(args.serverDetail)).toBeInTheDocument();
    // Updating the account keeps its own text and puts the detail under it. (Looked up
    // within its own toast: the wishlist's lasts 2 s and may already be leaving.)
    await userEvent.click(canvas.getByRole('button', { name: 'accountUpdate failure' }));
    const title = await page.findByText(messages.accountUpdate.error, { selector: '[data-title]' });
    const accountToast = title.closest('[data-sonner-toast]') as HTMLElement;
    await expect(within(accountToast).getByText(args.serverDetail)).toBeInTheDocument();
  },
};

/** A refused token on a cart call asks the shopper to log in instead. */
export const TokenRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'cartAdd token refused' }));
    await expect(
      await page.findByText(plainMessages.pleaseLogIn, { selector: '[data-title]' }),
    ).toBeInTheDocument();
    await expect(page.queryByText(messages.cartAdd.error, { selector: '[data-title]' })).toBeNull();
  },
};
