import * as React from 'react';
import type { ToastActionElement, ToastVariant } from './toast';

/** Spec: one toast at a time; a new one replaces the old. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays mounted so its closing animation can run. */
const TOAST_REMOVE_DELAY_MS = 1000;

export interface ToastInput {
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToasterToast[]) => void;

// A module-level store, so any code (not only components) can raise a toast.
let memory: ToasterToast[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function publish(next: ToasterToast[]) {
  memory = next;
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(memory.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

export function dismissToast(id?: string) {
  for (const t of memory) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  publish(memory.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  publish([{ ...input, id, open: true }, ...memory].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [toasts, setToasts] = React.useState<ToasterToast[]>(memory);
  React.useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss: dismissToast };
}
