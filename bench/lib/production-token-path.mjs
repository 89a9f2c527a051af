// BENCH-ONLY what-if, preloaded with --import into one extra API process; never used by the product.
// Against the Auth emulator, firebase-admin's verifyIdToken always reads the user over HTTP
// (lib/auth/base-auth.js: `if (checkRevoked || isEmulator)`), one emulator round trip per request, which a
// real project does not make. This makes verifyIdToken(token, false) behave as with a real project (claims
// checked locally; the emulator's tokens are unsigned either way), so the bench can show what the rest of
// the stack, including the product's own 30 s revocation cache, costs without that emulator-only call.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { BaseAuth, AuthClientErrorCode } = require('firebase-admin/auth');

BaseAuth.prototype.verifyIdToken = function verifyIdToken(idToken, checkRevoked = false) {
  return this.idTokenVerifier
    .verifyJWT(idToken, true)
    .then((decoded) =>
      checkRevoked ? this.verifyDecodedJWTNotRevokedOrDisabled(decoded, AuthClientErrorCode.ID_TOKEN_REVOKED) : decoded,
    );
};
