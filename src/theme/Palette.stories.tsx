import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getContrastRatio, useTheme, type PaletteColor } from '@mui/material/styles';
import { expect, within } from 'storybook/test';

/** WCAG AA for normal text. */
const AA_TEXT = 4.5;

type ColourName = 'primary' | 'secondary' | 'error' | 'warning' | 'success' | 'info';
const colours: ColourName[] = ['primary', 'secondary', 'error', 'warning', 'success', 'info'];
const shades = ['main', 'dark', 'light'] as const;

function Swatch({ name, background, text }: { name: string; background: string; text: string }) {
  const ratio = getContrastRatio(text, background);
  return (
    <Box
      role="figure"
      aria-label={name}
      data-contrast={ratio.toFixed(2)}
      sx={{
        bgcolor: background,
        color: text,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 1.5,
        minHeight: 96,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <Typography sx={{ fontWeight: 700, color: 'inherit' }}>{name}</Typography>
      <Typography variant="body2" sx={{ color: 'inherit' }}>
        {background.toUpperCase()} · text {ratio.toFixed(1)}:1
      </Typography>
    </Box>
  );
}

/** The theme's colours, each with the text colour used on it and their contrast. */
function PaletteSheet() {
  const { palette } = useTheme();
  const surfaces: { name: string; background: string; text: string }[] = [
    {
      name: 'background.default / text.primary',
      background: palette.background.default,
      text: palette.text.primary,
    },
    {
      name: 'background.default / text.secondary',
      background: palette.background.default,
      text: palette.text.secondary,
    },
    {
      name: 'background.paper / text.primary',
      background: palette.background.paper,
      text: palette.text.primary,
    },
    {
      name: 'background.paper / text.secondary',
      background: palette.background.paper,
      text: palette.text.secondary,
    },
  ];
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Palette
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Market green for trust and freshness, palm-oil amber for calls to action, on a warm
        off-white. Each swatch shows the text colour used on it and its contrast ratio (WCAG AA asks
        4.5:1 for text).
      </Typography>
      {colours.map((colour) => (
        <Box key={colour} component="section" aria-label={colour} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {colour}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
            }}
          >
            {shades.map((shade) => (
              <Swatch
                key={shade}
                name={`${colour}.${shade}`}
                background={(palette[colour] as PaletteColor)[shade]}
                text={(palette[colour] as PaletteColor).contrastText}
              />
            ))}
          </Box>
        </Box>
      ))}
      <Box component="section" aria-label="surfaces">
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Surfaces and text
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {surfaces.map((surface) => (
            <Swatch key={surface.name} {...surface} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Theme/Palette',
  component: PaletteSheet,
} satisfies Meta<typeof PaletteSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The colours that carry text meet AA: every main and dark shade with its contrast text, and
 * both text colours on both surfaces. (Light shades are for borders and hovers, not text.)
 */
export const Palette: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textSwatches = canvas
      .getAllByRole('figure')
      .filter((swatch) => !swatch.getAttribute('aria-label')?.endsWith('.light'));
    await expect(textSwatches.length).toBe(colours.length * 2 + 4);
    for (const swatch of textSwatches) {
      const ratio = Number(swatch.dataset.contrast);
      await expect({
        swatch: swatch.getAttribute('aria-label'),
        meetsAA: ratio >= AA_TEXT,
      }).toEqual({
        swatch: swatch.getAttribute('aria-label'),
        meetsAA: true,
      });
    }
  },
};
