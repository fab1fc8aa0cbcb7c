import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * The MUI theme for the pages and dialogs built with MUI. It is not part of the first paint: the
 * navigation, the footer and the home page are plain markup with static CSS, and this module (with
 * MUI's styling engine) loads with the first page or dialog that needs it.
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
