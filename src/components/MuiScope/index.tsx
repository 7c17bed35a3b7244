/**
 * MUI for account UI, scoped: its own emotion cache inserted first in <head>
 * (`prepend`) so Infima and CSS modules win ties, a theme in the site's
 * colours, and no global CssBaseline (it would restyle Infima's body).
 * Only account pages and lazily loaded UI import this (the auth pages are plain HTML).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';

const emotionCache = createCache({ key: 'mui', prepend: true });

export const muiTheme = createTheme({
  palette: {
    primary: { main: '#3b3bd4', dark: '#2d2db9', light: '#5e5edc' },
    secondary: { main: '#0f9bd7' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'var(--ifm-font-family-base)',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

export default function MuiScope({ children }: { children: ReactNode }): ReactNode {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={muiTheme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
