import { useState, type ComponentProps } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import { expect, fn, userEvent, within } from 'storybook/test';
import QuantityStepper from './QuantityStepper';

type StepperProps = ComponentProps<typeof QuantityStepper>;

/**
 * The stepper holding its own value, as the product page does, so the story can be clicked
 * through; every change is also reported to `onChange` (the Actions panel).
 */
function StatefulStepper({ value, onChange, ...props }: StepperProps) {
  const [quantity, setQuantity] = useState(value);
  return (
    <QuantityStepper
      {...props}
      value={quantity}
      onChange={(next) => {
        setQuantity(next);
        onChange(next);
      }}
    />
  );
}

function stepperParts(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  return {
    quantity: canvas.getByRole('spinbutton', { name: 'Quantity' }),
    minus: canvas.getByRole('button', { name: 'Decrease quantity' }),
    plus: canvas.getByRole('button', { name: 'Increase quantity' }),
  };
}

const meta = {
  title: 'Components/QuantityStepper',
  component: QuantityStepper,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
  // A new value or max from the controls starts the stepper again from that value.
  render: (args) => <StatefulStepper key={`${args.value}/${args.max}`} {...args} />,
  args: { value: 1, max: 10, disabled: false, onChange: fn() },
  argTypes: {
    value: {
      control: { type: 'number', min: 1, step: 1 },
      description: 'The quantity to buy (at least 1).',
    },
    max: {
      control: { type: 'number', min: 0, step: 1 },
      description: 'The most that can be bought: the stock.',
    },
    disabled: { control: 'boolean', description: 'Out of stock: nothing can be chosen.' },
    onChange: { control: false, description: 'Called with the new quantity.' },
  },
} satisfies Meta<typeof QuantityStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** At 1, the least (docs/product.md#validation): minus is disabled, plus is not. */
export const AtMinimum: Story = {
  play: async ({ canvasElement }) => {
    const { quantity, minus, plus } = stepperParts(canvasElement);
    await expect(quantity).toHaveValue(1);
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
  },
};

/** At the stock, the most: plus is disabled, minus is not. */
export const AtStock: Story = {
  args: { value: 10, max: 10 },
  play: async ({ canvasElement }) => {
    const { quantity, minus, plus } = stepperParts(canvasElement);
    await expect(quantity).toHaveValue(10);
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();
  },
};

/** Plus and minus change the quantity by one, and stop at the stock. */
export const Stepping: Story = {
  args: { value: 1, max: 3 },
  play: async ({ canvasElement, args }) => {
    const { quantity, minus, plus } = stepperParts(canvasElement);
    await userEvent.click(plus);
    await expect(quantity).toHaveValue(2);
    await expect(minus).toBeEnabled();
    await userEvent.click(plus);
    await expect(quantity).toHaveValue(3);
    await expect(plus).toBeDisabled();
    await userEvent.click(minus);
    await expect(quantity).toHaveValue(2);
    await expect(args.onChange).toHaveBeenNthCalledWith(1, 2);
    await expect(args.onChange).toHaveBeenNthCalledWith(2, 3);
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
  },
};

/** A number typed beyond the stock becomes the stock. */
export const TypedBeyondStock: Story = {
  args: { value: 2, max: 10 },
  play: async ({ canvasElement, args }) => {
    const { quantity, plus } = stepperParts(canvasElement);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '25');
    await expect(quantity).toHaveValue(10);
    await expect(args.onChange).toHaveBeenLastCalledWith(10);
    await expect(plus).toBeDisabled();
  },
};

/** Out of stock (the product page disables it): nothing can be chosen. */
export const Disabled: Story = {
  args: { value: 1, max: 0, disabled: true },
  play: async ({ canvasElement }) => {
    const { quantity, minus, plus } = stepperParts(canvasElement);
    await expect(quantity).toBeDisabled();
    await expect(minus).toBeDisabled();
    await expect(plus).toBeDisabled();
  },
};
