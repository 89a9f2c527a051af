import { CUSTOMER_APP_NAME } from './customer-app-name';

/**
 * Whether this browser holds a customer's session (the SDK's own localStorage entry of the named app), read
 * without loading Firebase: the join page then offers the card. The card page itself asks Firebase.
 */
export function hasCustomerSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('firebase:authUser:') && key.endsWith(`:${CUSTOMER_APP_NAME}`)) return true;
    }
  } catch {
    // Storage unavailable (private mode): the customer signs in with a code.
  }
  return false;
}
