/** docs/spec/access-and-identity.md §9 verification constants, shared by registration and the Edit Profile dialog. */
export const CODE_LENGTH = 6;
/** Seconds before another code may be requested; restarts after each send. */
export const RESEND_COUNTDOWN_SECONDS = 60;
/** At most this many codes per phone within RESEND_WINDOW_MS. */
export const RESEND_LIMIT = 3;
export const RESEND_WINDOW_MS = 10 * 60 * 1000;
/** Automatic first send when a screen opens without a verification id. */
export const AUTO_SEND_DELAY_MS = 800;
export const PROFILE_AUTO_SEND_DELAY_MS = 1000;
/** After activation or registration, so the success toast is seen before the dashboard. */
export const REDIRECT_DELAY_MS = 1000;
/** After sign-out, so the provider's listener settles before the login screen reads it. */
export const LOGOUT_REDIRECT_DELAY_MS = 100;
