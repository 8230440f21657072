import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { ThemeModeProvider, useThemeModeContext } from './ThemeModeContext';

function Probe() {
  const { toggleDark, toggleCompact } = useThemeModeContext();
  const theme = useTheme();
  return (
    <>
      <span data-testid="mode">{theme.palette.mode}</span>
      <span data-testid="spacing">{theme.spacing(1)}</span>
      <button onClick={toggleDark}>dark</button>
      <button onClick={toggleCompact}>compact</button>
    </>
  );
}

const html = document.documentElement;

describe('dark mode and compact layout', () => {
  it('defaults to dark and not compact', () => {
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId('mode').textContent).toBe('dark');
    expect(html.dataset.theme).toBe('dark');
    expect(html.dataset.compact).toBe('false');
  });

  it('remembers both toggles in localStorage and on <html>', async () => {
    const { unmount } = render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'compact' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem('compact')).toBe('true');
    expect(html.dataset.theme).toBe('light');
    expect(html.dataset.compact).toBe('true');
    expect(screen.getByTestId('spacing').textContent).toBe('6px');
    unmount();

    // A reload starts from what was stored.
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId('mode').textContent).toBe('light');
    expect(screen.getByTestId('spacing').textContent).toBe('6px');
  });
});
