import { toast } from '@/components/ui/use-toast';
import { failureMessage } from './api-error';

/**
 * The toast every failed call shows: what failed as the title and, when there is an error, why (the server's
 * message in the active language, docs/spec/access-and-identity.md §8). One place, so every screen fails the same way.
 */
export function toastFailure(title: string, error?: unknown): void {
  toast({ variant: 'destructive', title, ...(error === undefined ? {} : { description: failureMessage(error) }) });
}
