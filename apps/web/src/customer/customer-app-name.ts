/** The named Firebase app of the customer pages, apart from the admin's default app (its own stored session). */
export const CUSTOMER_APP_NAME = 'customer';
