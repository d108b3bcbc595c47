import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

import { Avatar, initialsOf } from './avatar';
import { ErrorFallback } from './error-fallback';
import { OverlayProvider, useOverlay } from './overlay';

describe('Avatar', () => {
  it('uses the first two letters of one word, else the first letters of two words', () => {
    expect(initialsOf('Madonna')).toBe('MA');
    expect(initialsOf('Ann Lee')).toBe('AL');
    expect(initialsOf('  jean  paul  sartre ')).toBe('JP');
    expect(initialsOf('')).toBe('?');
  });

  it('shows the picture when a URL exists, else the initials', () => {
    const { rerender } = render(<Avatar name="Ann Lee" src="/a.png" />);
    expect(screen.getByRole('img', { name: 'Ann Lee' }).tagName).toBe('IMG');
    rerender(<Avatar name="Ann Lee" />);
    expect(screen.getByRole('img', { name: 'Ann Lee' }).textContent).toBe('AL');
  });
});

describe('ErrorFallback', () => {
  afterEach(() => vi.useRealTimers());

  it('appears only after 3 seconds, with the spec texts and the error message', () => {
    vi.useFakeTimers();
    render(<ErrorFallback error={new Error('boom')} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Error: Something went wrong.')).toBeTruthy();
    expect(
      screen.getByText('Try refreshing the page and if the problem persists contact support'),
    ).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
  });
});

function OverlayDriver() {
  const overlay = useOverlay();
  return (
    <>
      <button type="button" onClick={() => overlay.loading('Uploading')}>
        load
      </button>
      <button type="button" onClick={() => overlay.error('It failed', 'Because')}>
        fail
      </button>
      <button
        type="button"
        onClick={() => overlay.success({ title: 'Your file has been uploaded!', subtitle: 'Soon available' })}
      >
        succeed
      </button>
      <span data-testid="state">{overlay.state.status}</span>
    </>
  );
}

describe('Overlay', () => {
  it('goes through idle, loading, error and success with the default Close action', async () => {
    const user = userEvent.setup();
    render(
      <OverlayProvider>
        <OverlayDriver />
      </OverlayProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('idle');
    await user.click(screen.getByText('load'));
    expect(screen.getByText('Uploading')).toBeTruthy();
    await user.click(screen.getByText('fail'));
    expect(screen.getByText('It failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('state').textContent).toBe('idle');
    await user.click(screen.getByText('succeed'));
    expect(screen.getByText('Your file has been uploaded!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('state').textContent).toBe('idle');
  });
});
