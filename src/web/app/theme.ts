// A Mantine theme close to the Salesforce Lightning look operators know from their orgs: brand
// blue, neutral greys, 4 px corners, compact density. Fonts come from the operating system; no
// web fonts are downloaded and no Salesforce font or asset is used.
import {
  createTheme,
  type MantineColorsTuple,
  AppShell,
  Button,
  Card,
  Paper,
  Table,
  TextInput,
  PasswordInput,
  Tooltip,
} from '@mantine/core';

/** Brand blue ramp around #0176D3 (index 6 is the primary shade). */
const brand: MantineColorsTuple = [
  '#eef4ff',
  '#d8e6fe',
  '#aacbff',
  '#78b0fd',
  '#57a3fd',
  '#1b96ff',
  '#0176d3',
  '#0b5cab',
  '#014486',
  '#032d60',
];

/** Warm neutral greys used for borders, secondary text and the page background. */
const gray: MantineColorsTuple = [
  '#fafaf9',
  '#f3f3f3',
  '#e5e5e5',
  '#dddbda',
  '#c9c7c5',
  '#aeaeae',
  '#939393',
  '#706e6b',
  '#514f4d',
  '#3e3e3c',
];

/** Error red and success green in the same saturation as the brand blue. */
const red: MantineColorsTuple = [
  '#fef1ee',
  '#feded8',
  '#fdc6bc',
  '#fe9e8d',
  '#fe7765',
  '#fe5c4c',
  '#ea001e',
  '#ba0517',
  '#8e030f',
  '#640103',
];

const green: MantineColorsTuple = [
  '#ebf7e6',
  '#cdefc4',
  '#a6e1a0',
  '#7bd07a',
  '#45c65a',
  '#3ba755',
  '#2e844a',
  '#22683e',
  '#194e31',
  '#0e3522',
];

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, gray, red, green },
  black: '#181818',
  fontFamily: systemFonts,
  fontFamilyMonospace:
    "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  defaultRadius: 'sm',
  radius: { xs: '2px', sm: '4px', md: '4px', lg: '8px', xl: '12px' },
  // Compact: Lightning's body text is 13 px and its spacing grid is tighter than Mantine's default.
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.25rem' },
  spacing: { xs: '0.375rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.5rem' },
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.25' },
      h2: { fontSize: '1.25rem', lineHeight: '1.25' },
      h3: { fontSize: '1rem', lineHeight: '1.3' },
      h4: { fontSize: '0.875rem', lineHeight: '1.3' },
    },
  },
  shadows: {
    xs: '0 1px 1px rgba(0, 0, 0, 0.05)',
    sm: '0 2px 2px rgba(0, 0, 0, 0.1)',
  },
  components: {
    AppShell: AppShell.extend({
      styles: {
        header: {
          backgroundColor: '#ffffff',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        },
        // The light grey page behind white cards (gray.1 = #f3f3f3).
        main: { backgroundColor: 'var(--mantine-color-gray-1)' },
      },
    }),
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'sm' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'sm' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, shadow: 'xs', padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true, shadow: 'xs' } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'xs', fz: 'sm' } }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true } }),
  },
});
