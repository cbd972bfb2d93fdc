import type { CSSProperties } from 'react';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface TypographyVariants {
    pageTitle: CSSProperties;
    sectionTitle: CSSProperties;
    display: CSSProperties;
    headline: CSSProperties;
    blockTitle: CSSProperties;
    lead: CSSProperties;
    eyebrow: CSSProperties;
    figure: CSSProperties;
  }
  interface TypographyVariantsOptions {
    pageTitle?: CSSProperties;
    sectionTitle?: CSSProperties;
    display?: CSSProperties;
    headline?: CSSProperties;
    blockTitle?: CSSProperties;
    lead?: CSSProperties;
    eyebrow?: CSSProperties;
    figure?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    pageTitle: true;
    sectionTitle: true;
    display: true;
    headline: true;
    blockTitle: true;
    lead: true;
    eyebrow: true;
    figure: true;
  }
}

/** The theme's breakpoints, which the responsive type below steps at. */
const { breakpoints } = createTheme();

/** Focus ring: dark green, over 3:1 against the light surfaces (WCAG 2.4.11 / 1.4.11). */
const focusRing = '#074A28';

/** The smallest tap area of a control. */
export const TAP_TARGET_PX = 44;

/**
 * The brand: a market green (trust, freshness) with a palm-oil amber for calls to action,
 * on a warm off-white. Every text colour meets WCAG AA on the surface it sits on.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0B6B3A', dark: '#074A28', light: '#3E8E5F', contrastText: '#FFFFFF' },
    secondary: { main: '#F4A51C', dark: '#C47F00', light: '#FFC859', contrastText: '#1F1A10' },
    error: { main: '#B3261E' },
    warning: { main: '#8A5300' },
    success: { main: '#1B7F3B' },
    info: { main: '#0B5C8A' },
    background: { default: '#FAF8F3', paper: '#FFFFFF' },
    text: { primary: '#1D2521', secondary: '#4A564F' },
    divider: 'rgba(29, 37, 33, 0.12)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15 },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 },
    h3: { fontSize: '1.375rem', fontWeight: 700 },
    h4: { fontSize: '1.2rem', fontWeight: 700 },
    h5: { fontSize: '1.05rem', fontWeight: 700 },
    h6: { fontSize: '1rem', fontWeight: 700 },
    // The heading of a shopper's page (PageHeader): smaller on a phone, where long titles wrap.
    pageTitle: {
      fontSize: '1.75rem',
      fontWeight: 800,
      lineHeight: 1.15,
      [breakpoints.up('md')]: { fontSize: '2.25rem' },
    },
    // A card's or panel's own title, and the one-line message of an empty or failed state.
    sectionTitle: { fontSize: '1.1rem', fontWeight: 700, lineHeight: 1.3 },
    // The home page's hero line: the largest words in the shop.
    display: {
      fontSize: '2rem',
      fontWeight: 800,
      lineHeight: 1.15,
      [breakpoints.up('sm')]: { fontSize: '2.5rem' },
      [breakpoints.up('md')]: { fontSize: '3.1rem' },
    },
    // The title of a content page's introduction (FAQ, Vendors, Contact, Policies).
    headline: {
      fontSize: '1.9rem',
      fontWeight: 800,
      lineHeight: 1.15,
      [breakpoints.up('md')]: { fontSize: '2.5rem' },
    },
    // The heading of a block within a content page (a home page band, the contact panels).
    blockTitle: {
      fontSize: '1.4rem',
      fontWeight: 700,
      lineHeight: 1.2,
      [breakpoints.up('md')]: { fontSize: '1.65rem' },
    },
    // The paragraph that introduces a page, under its title.
    lead: {
      fontSize: '1.05rem',
      lineHeight: 1.65,
      [breakpoints.up('md')]: { fontSize: '1.15rem' },
    },
    // The small capitals above a title or a footer column.
    eyebrow: {
      fontSize: '0.8rem',
      fontWeight: 800,
      lineHeight: 1.5,
      letterSpacing: '0.08em',
      textTransform: 'uppercase',
    },
    // A sum of money or a count that is the point of its card (earnings, the amount to pay).
    figure: {
      fontSize: '1.5rem',
      fontWeight: 800,
      lineHeight: 1.2,
      [breakpoints.up('sm')]: { fontSize: '1.75rem' },
    },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  // Every control a thumb uses is at least 44 x 44 px (WCAG 2.5.5), whatever its size prop:
  // the icon inside stays small, the tap area does not.
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20, minHeight: TAP_TARGET_PX } },
    },
    MuiIconButton: {
      styleOverrides: { root: { minWidth: TAP_TARGET_PX, minHeight: TAP_TARGET_PX } },
    },
    MuiCheckbox: {
      styleOverrides: { root: { minWidth: TAP_TARGET_PX, minHeight: TAP_TARGET_PX } },
    },
    MuiRadio: {
      styleOverrides: { root: { minWidth: TAP_TARGET_PX, minHeight: TAP_TARGET_PX } },
    },
    MuiPaginationItem: {
      styleOverrides: { root: { minWidth: TAP_TARGET_PX, height: TAP_TARGET_PX } },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
        },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: {
          '&:focus-visible': {
            outline: `3px solid ${focusRing}`,
            outlineOffset: 2,
            borderRadius: 2,
          },
        },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTypography: {
      defaultProps: {
        variantMapping: {
          pageTitle: 'h1',
          sectionTitle: 'h2',
          display: 'h1',
          headline: 'h1',
          blockTitle: 'h2',
          lead: 'p',
          eyebrow: 'p',
          figure: 'p',
        },
      },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
