import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { expect, within } from 'storybook/test';

type Variant = Exclude<NonNullable<TypographyProps['variant']>, 'inherit'>;
const variants: Variant[] = [
  'display',
  'headline',
  'pageTitle',
  'blockTitle',
  'sectionTitle',
  'lead',
  'eyebrow',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
];

interface TypeScaleProps {
  /** The words every variant shows. */
  sample: string;
}

/** Every type variant of the theme with its size, weight and line height. */
function TypeScale({ sample }: TypeScaleProps) {
  const { typography } = useTheme();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h1" component="p" sx={{ mb: 1 }}>
        Typography
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {typography.fontFamily}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {variants.map((variant) => {
          const style = typography[variant];
          return (
            <Box
              key={variant}
              data-variant={variant}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography component="dt" variant="caption" color="text.secondary">
                {variant} · {String(style.fontSize)} · weight {String(style.fontWeight)} · line
                height {String(style.lineHeight)}
              </Typography>
              <Typography component="dd" variant={variant} sx={{ m: 0, display: 'block' }}>
                {sample}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Theme/Typography',
  component: TypeScale,
  args: { sample: 'Ofada rice, 5 kg — ₦9,500' },
} satisfies Meta<typeof TypeScale>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The headings step down in size from h1 to h6, and buttons keep their words' case. */
export const Typography_: Story = {
  name: 'Typography',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((variant) => {
      const row = canvasElement.querySelector(`[data-variant="${variant}"] dd`);
      return parseFloat(getComputedStyle(row as Element).fontSize);
    });
    for (let i = 1; i < sizes.length; i += 1) {
      await expect(sizes[i]).toBeLessThan(sizes[i - 1] as number);
    }
    const button = canvasElement.querySelector('[data-variant="button"] dd') as Element;
    await expect(getComputedStyle(button).textTransform).toBe('none');
    await expect(canvas.getAllByText('Ofada rice, 5 kg — ₦9,500')).toHaveLength(variants.length);
  },
};
