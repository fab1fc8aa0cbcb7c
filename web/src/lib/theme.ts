import { createTheme } from '@mui/material/styles';

/** Brand: navy and ice blue with an orange accent; system fonts so no web font delays paint. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d5c' },
    secondary: { main: '#f28c28', contrastText: '#1a1a1a' },
    background: { default: '#f6f9fb' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Keyboard focus is always clearly visible (issue 9: rings were faint): the same orange ring
    // as the plain-CSS pages (styles.css :focus-visible) on buttons, links and menu items...
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #f28c28', outlineOffset: 2 } } },
    },
    // ...and a halo around the focused text field on top of its border.
    MuiOutlinedInput: { styleOverrides: { root: { '&.Mui-focused': { boxShadow: '0 0 0 3px rgba(242, 140, 40, 0.45)' } } } },
  },
});
