import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Decorator, Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { makeStore, type RootState } from '../../../app/store';
import { apiUrl, fixtureUser, signedInSession } from '../../../testing/fixtures';
import { toKobo } from '../cart/cartFigures';
import { initialCheckoutState, type CheckoutPhase, type CheckoutState } from './checkoutSlice';
import { checkoutMessages } from './checkoutMessages';
import TestPaymentDialog from './TestPaymentDialog';
import { shownDialog } from '../../../testing/storyHelpers';

/** The fixture cart's total to pay: ₦16,125 after VAT plus ₦1,150 delivery and packaging. */
const FIXTURE_TOTAL = 17275;
const REFERENCE = 'ibm-test-1001';

/** What the dialog can show; each maps onto the checkout state below. */
type DialogState = 'awaiting payment' | 'paying' | 'refused';

interface TestPaymentDialogArgs {
  /** What the shopper is asked to pay, in naira. */
  amountNaira: number;
  state: DialogState;
}

const phases: Record<DialogState, CheckoutPhase> = {
  'awaiting payment': 'awaitingPayment',
  paying: 'payingTest',
  refused: 'awaitingPayment',
};

const REFUSAL = `${checkoutMessages.testPaymentFailed}: Transaction not found`;

/**
 * The checkout state as the flow leaves it once the server's sandbox has initialized a
 * transaction (checkoutSlice: transactionInitialized with provider 'sandbox'): the dialog opens.
 */
const awaitingPayment: CheckoutState = {
  ...initialCheckoutState,
  phase: 'awaitingPayment',
  provider: 'sandbox',
  deliveryModel: 'delivery',
  transaction: {
    reference: REFERENCE,
    accessCode: 'sandbox-1001',
    amountKobo: toKobo(FIXTURE_TOTAL),
    email: fixtureUser.email,
  },
};

/** The story's checkout state: the preloaded one, with the amount and the state from the controls. */
function checkoutFromArgs(base: CheckoutState, args: TestPaymentDialogArgs): CheckoutState {
  return {
    ...base,
    phase: phases[args.state],
    error: args.state === 'refused' ? REFUSAL : null,
    transaction: base.transaction && {
      ...base.transaction,
      amountKobo: toKobo(args.amountNaira),
    },
  };
}

/**
 * The dialog has no props: it shows what the checkout state says. The app decorator builds the
 * store from `parameters.store.preloadedState` before args exist, so this decorator builds the
 * dialog's own store from that same preloaded state with the controls' values applied.
 */
function ArgsStore({
  preloadedState,
  args,
  children,
}: {
  preloadedState: Partial<RootState>;
  args: TestPaymentDialogArgs;
  children: ReactNode;
}) {
  const { amountNaira, state } = args;
  const store = useMemo(
    () =>
      makeStore({
        ...preloadedState,
        checkout: checkoutFromArgs(preloadedState.checkout ?? awaitingPayment, {
          amountNaira,
          state,
        }),
      }),
    [preloadedState, amountNaira, state],
  );
  return <Provider store={store}>{children}</Provider>;
}

const withArgsStore: Decorator<TestPaymentDialogArgs> = (Story, { args, parameters }) => (
  <ArgsStore preloadedState={parameters.store?.preloadedState ?? {}} args={args}>
    <Story />
  </ArgsStore>
);

function screenOf(canvasElement: HTMLElement) {
  const page = within(canvasElement.ownerDocument.body);
  const dialog = () => within(page.getByRole('dialog', { name: 'Test payment' }));
  return { page, dialog };
}

const meta = {
  title: 'Modals/TestPaymentDialog',
  component: TestPaymentDialog,
  render: () => <TestPaymentDialog />,
  decorators: [withArgsStore],
  args: { amountNaira: FIXTURE_TOTAL, state: 'awaiting payment' },
  argTypes: {
    amountNaira: {
      name: 'amount (₦)',
      description: 'What the shopper is asked to pay, in naira (the transaction holds kobo).',
      control: { type: 'number', min: 0, step: 50 },
    },
    state: {
      description:
        'awaiting payment: Pay and Cancel; paying: the sandbox is taking the payment; refused: the last try failed.',
      options: ['awaiting payment', 'paying', 'refused'],
      control: { type: 'radio' },
    },
  },
  parameters: {
    route: '/cart',
    store: { preloadedState: { session: signedInSession, checkout: awaitingPayment } },
    // On the docs page each story gets its own frame, so an open dialog covers only its story.
    docs: { story: { inline: false, height: '480px' } },
  },
} satisfies Meta<TestPaymentDialogArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sandbox transaction is ready: the amount, the reference, Pay and Cancel. */
export const AwaitingPayment: Story = {
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { dialog } = screenOf(canvasElement);
    await expect(
      dialog().getByText(
        'This shop is running without a payment provider, so no money is taken. Pay to place your order as if you had paid.',
      ),
    ).toBeVisible();
    await expect(dialog().getByText('₦ 17,275')).toBeVisible();
    await expect(dialog().getByText(`Reference: ${REFERENCE}`)).toBeVisible();
    await expect(dialog().getByRole('button', { name: 'Pay' })).toBeEnabled();
    await expect(dialog().getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(dialog().queryByRole('alert')).toBeNull();
  },
};

/** The tester picks the channel, as in Paystack's own dialog: card, bank transfer or USSD. */
export const ChooseChannel: Story = {
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { dialog } = screenOf(canvasElement);
    const group = dialog().getByRole('radiogroup', { name: 'Pay with' });
    await expect(within(group).getByRole('radio', { name: 'Card' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Bank transfer' }));
    await expect(within(group).getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    await expect(dialog().getByText(/account number Paystack gives you/)).toBeVisible();
    await userEvent.click(within(group).getByRole('radio', { name: 'USSD' }));
    await expect(dialog().getByText(/USSD code/)).toBeVisible();
    await expect(dialog().getByRole('button', { name: 'Pay' })).toBeEnabled();
  },
};

/** Cancel ends the attempt (nothing was paid): the checkout goes back to idle and the dialog closes. */
export const Cancel: Story = {
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { page, dialog } = screenOf(canvasElement);
    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Test payment' })).toBeNull());
  },
};

/** An amount with kobo, as a cart with odd prices gives. */
export const AmountWithKobo: Story = {
  args: { amountNaira: 11686.25 },
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { dialog } = screenOf(canvasElement);
    await expect(dialog().getByText('₦ 11,686.25')).toBeVisible();
  },
};

/** Pay was pressed: the sandbox is taking the payment, so Cancel and Escape wait. */
export const Paying: Story = {
  args: { state: 'paying' },
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { page, dialog } = screenOf(canvasElement);
    await expect(dialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(dialog().getByRole('button', { name: /Pay/ })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toBeVisible();
  },
};

/** The last try was refused: the reason shows and the shopper may pay again or cancel. */
export const Refused: Story = {
  args: { state: 'refused' },
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { dialog } = screenOf(canvasElement);
    await expect(dialog().getByRole('alert')).toHaveTextContent(REFUSAL);
    await expect(dialog().getByRole('button', { name: 'Pay' })).toBeEnabled();
    await expect(dialog().getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** Pay, and the sandbox refuses: the dialog stays open with the reason, ready to try again. */
export const PayRefusedByServer: Story = {
  parameters: {
    msw: [
      http.post(apiUrl('/sandbox/pay/:reference', 'payment'), () =>
        HttpResponse.json({ detail: 'Transaction not found' }, { status: 404 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Test payment');
    const { page, dialog } = screenOf(canvasElement);
    await expect(dialog().queryByRole('alert')).toBeNull();
    await userEvent.click(dialog().getByRole('button', { name: 'Pay' }));
    await expect(await dialog().findByRole('alert')).toHaveTextContent(REFUSAL);
    await expect(await page.findByText(checkoutMessages.testPaymentFailed)).toBeInTheDocument();
    await expect(dialog().getByRole('button', { name: 'Pay' })).toBeEnabled();
  },
};

/** What the last Pay sent the sandbox (PaysByTheChosenChannel). */
const sentToSandbox: unknown[] = [];

/**
 * Pay sends the channel the tester picked, so the sandbox records it as Paystack would. The
 * sandbox here refuses after reading the body: the story ends with the dialog still open.
 */
export const PaysByTheChosenChannel: Story = {
  parameters: {
    msw: [
      http.post(apiUrl('/sandbox/pay/:reference', 'payment'), async ({ request }) => {
        sentToSandbox.push(await request.json());
        return HttpResponse.json({ detail: 'Transaction not found' }, { status: 404 });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    sentToSandbox.length = 0;
    await shownDialog(canvasElement, 'Test payment');
    const { dialog } = screenOf(canvasElement);
    const group = dialog().getByRole('radiogroup', { name: 'Pay with' });
    await userEvent.click(within(group).getByRole('radio', { name: 'USSD' }));
    await userEvent.click(dialog().getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(sentToSandbox).toEqual([{ outcome: 'success', channel: 'ussd' }]));
  },
};
