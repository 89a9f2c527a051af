import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ResendControl } from './resend-control';
import {
  clearResendLog,
  countdownSecondsLeft,
  isResendLimitReached,
  readResendLog,
  recordCodeSent,
  sendsInWindow,
} from './resend-log';
import { useResendCountdown } from './use-resend-countdown';

const MINUTE = 60_000;

describe('resend rules', () => {
  it('counts only sends of the last 10 minutes toward the limit of 3', () => {
    const now = 100 * MINUTE;
    expect(sendsInWindow([now - 11 * MINUTE, now - 9 * MINUTE, now], now)).toBe(2);
    expect(isResendLimitReached([now - 9 * MINUTE, now - 5 * MINUTE, now], now)).toBe(true);
    expect(isResendLimitReached([now - 10 * MINUTE, now - 5 * MINUTE, now], now)).toBe(false);
  });

  it('counts whole seconds down to zero', () => {
    expect(countdownSecondsLeft(null, 5000, 60)).toBe(0);
    expect(countdownSecondsLeft(0, 0, 60)).toBe(60);
    expect(countdownSecondsLeft(0, 500, 60)).toBe(60);
    expect(countdownSecondsLeft(0, 59_001, 60)).toBe(1);
    expect(countdownSecondsLeft(0, 60_000, 60)).toBe(0);
  });
});

describe('useResendCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearResendLog();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs 60 s after each send and restarts on the next one', () => {
    const { result } = renderHook(() => useResendCountdown({ key: 'a' }));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.recordSend());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current.secondsLeft).toBe(45);
    act(() => result.current.recordSend());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('refuses a fourth send within 10 minutes, then allows it again', () => {
    const { result } = renderHook(() => useResendCountdown({ key: 'b' }));
    for (let i = 0; i < 3; i++) {
      act(() => result.current.recordSend());
      act(() => vi.advanceTimersByTime(61_000));
    }
    expect(result.current.limitReached).toBe(true);
    let allowed = true;
    act(() => {
      allowed = result.current.requestResend();
    });
    expect(allowed).toBe(false);
    expect(result.current.showLimitMessage).toBe(true);
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    expect(result.current.limitReached).toBe(false);
    expect(result.current.showLimitMessage).toBe(false);
  });

  it('shares sends between screens using the same key', () => {
    const first = renderHook(() => useResendCountdown({ key: 'shared' }));
    act(() => first.result.current.recordSend());
    first.unmount();
    const second = renderHook(() => useResendCountdown({ key: 'shared' }));
    expect(second.result.current.secondsLeft).toBe(60);
  });
});

function Control({ onResend }: { onResend: () => void }) {
  const countdown = useResendCountdown({ key: 'control' });
  return (
    <ResendControl
      countdown={countdown}
      onResend={() => {
        onResend();
        countdown.recordSend();
      }}
    />
  );
}

describe('ResendControl', () => {
  beforeEach(() => clearResendLog());

  it('reads "Resend code in {n}s", then "Resend code"; at the limit shows the message and the toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onResend = vi.fn();
    render(
      <>
        <Control onResend={onResend} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    for (let i = 0; i < 3; i++) {
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(screen.getByText('Resend code in 60s')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(60_000));
    }
    expect(onResend).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(onResend).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Too many resend attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Resend limit reached')).toBeInTheDocument();
    expect(screen.getByText('Please wait a few minutes before requesting another code.')).toBeInTheDocument();
    vi.useRealTimers();
  });
});

describe('the resend log across a page reload', () => {
  beforeEach(() => clearResendLog());

  it('keeps the sends in sessionStorage, so a reload does not lift the limit', () => {
    const now = Date.now();
    recordCodeSent('+85291234567', now - 2000);
    recordCodeSent('+85291234567', now - 1000);
    recordCodeSent('+85291234567', now);
    // What a fresh page would read: nothing from module memory, only the stored log.
    const stored = JSON.parse(sessionStorage.getItem('resendLog') ?? '{}');
    expect(stored['+85291234567'].sends).toHaveLength(3);
    expect(isResendLimitReached(readResendLog('+85291234567').sends, now)).toBe(true);
    expect(readResendLog('+85290000000').sends).toEqual([]);
  });
});
