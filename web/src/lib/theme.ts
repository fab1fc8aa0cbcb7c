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
    MuiButtonBase: { defaultProps: { disableRipple: false } },
  },
});
