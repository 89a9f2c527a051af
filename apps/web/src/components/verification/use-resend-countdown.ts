import * as React from 'react';
import {
  countdownSecondsLeft,
  isResendLimitReached,
  readResendLog,
  recordCodeSent,
  restartResendCountdown,
} from './resend-log';
import { RESEND_COUNTDOWN_SECONDS, RESEND_LIMIT } from './verification-constants';

interface ResendCountdownOptions {
  /** Which phone or flow the sends belong to; codes sent under the same key share the limit. */
  key?: string;
  /** Countdown length, 60 s by default (docs/spec/access-and-identity.md §9). */
  seconds?: number;
  /** Sends allowed per 10 minutes, 3 by default (docs/spec/access-and-identity.md §9). */
  limit?: number;
}

export interface ResendCountdown {
  /** Seconds until another code may be requested; 0 when the countdown is over. */
  secondsLeft: number;
  /** The limit of sends in the last 10 minutes is used up. */
  limitReached: boolean;
  /** True after requestResend() was refused for the limit, while the limit lasts: show the limit message. */
  showLimitMessage: boolean;
  /** The user asks for another code: true means send it now; false when counting down or at the limit. */
  requestResend: () => boolean;
  /** Call after each successful send (automatic ones too): counts it and restarts the countdown. */
  recordSend: () => void;
  /** Restarts the countdown without counting a send, e.g. a code sent just before a page reload. */
  restartCountdown: () => void;
}

/**
 * docs/spec/access-and-identity.md §4 resend rule: a 60 s countdown restarting after each send, and at most 3 sends in 10 minutes.
 * Time is read from Date.now() on each tick, so fast-forwarded clocks (tests) behave like real ones.
 */
export function useResendCountdown(options: ResendCountdownOptions = {}): ResendCountdown {
  const { key = 'default', seconds = RESEND_COUNTDOWN_SECONDS, limit = RESEND_LIMIT } = options;
  const [now, setNowState] = React.useState(() => Date.now());
  // The log lives outside React; bumping this re-renders even when the clock has not moved.
  const [, bump] = React.useReducer((n: number) => n + 1, 0);
  const setNow = React.useCallback((at: number) => {
    setNowState(at);
    bump();
  }, []);
  const [refused, setRefused] = React.useState(false);
  const log = readResendLog(key);
  const secondsLeft = countdownSecondsLeft(log.countdownFrom, now, seconds);
  const limitReached = isResendLimitReached(log.sends, now, limit);

  const ticking = secondsLeft > 0 || limitReached;
  React.useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking, setNow]);

  React.useEffect(() => {
    if (!limitReached) setRefused(false);
  }, [limitReached]);

  const requestResend = React.useCallback(() => {
    const at = Date.now();
    setNow(at);
    const current = readResendLog(key);
    if (isResendLimitReached(current.sends, at, limit)) {
      setRefused(true);
      return false;
    }
    return countdownSecondsLeft(current.countdownFrom, at, seconds) === 0;
  }, [key, limit, seconds, setNow]);

  const recordSend = React.useCallback(() => {
    const at = Date.now();
    recordCodeSent(key, at);
    setNow(at);
  }, [key, setNow]);

  const restartCountdown = React.useCallback(() => {
    const at = Date.now();
    restartResendCountdown(key, at);
    setNow(at);
  }, [key, setNow]);

  return {
    secondsLeft,
    limitReached,
    showLimitMessage: refused && limitReached,
    requestResend,
    recordSend,
    restartCountdown,
  };
}
