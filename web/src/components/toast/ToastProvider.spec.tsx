import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { useContext } from 'react';
import { theme } from '../../app/theme';
import { ToastContext, type ToastOptions } from './toastContext';
import { ToastProvider } from './ToastProvider';

let show: (toast: ToastOptions) => void = () => undefined;

function Caller() {
  show = useContext(ToastContext);
  return null;
}

async function renderWithFirstToast() {
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <Caller />
      </ToastProvider>
    </ThemeProvider>,
  );
  act(() => show({ title: 'Account created successfully!' }));
  await screen.findByText('Account created successfully!');
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('ToastProvider, when a toast is asked for as the one shown ends', () => {
  it('shows it though the shown one times out after it was asked for and before it is drawn', async () => {
    await renderWithFirstToast();
    act(() => {
      show({ title: 'Successfully logged out!' });
      // The first toast's 5 s are up before React draws the second.
      jest.advanceTimersByTime(5_000);
    });
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Successfully logged out!')).toBeTruthy();
    expect(screen.queryByText('Account created successfully!')).toBeNull();
  });

  it('still closes each toast after its own 5 s', async () => {
    await renderWithFirstToast();
    act(() => jest.advanceTimersByTime(5_000));
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('Account created successfully!')).toBeNull();
  });
});
