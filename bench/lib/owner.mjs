// A tenant made the way a person makes one: sign up in the Auth emulator, register the business through the
// API, verify a phone by SMS code, activate. Answers the owner's credentials and a fresh ID token.
import { randomUUID } from 'node:crypto';
import { emulatorRest } from '../../scripts/lib/emulator.mjs';

export const PROJECT_ID = 'demo-loyalty-portal';

async function post(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

export async function signIn(emulatorHost, email, password) {
  const rest = emulatorRest(emulatorHost, PROJECT_ID);
  const res = await post(rest.identity('accounts:signInWithPassword'), { email, password, returnSecureToken: true });
  return res.idToken;
}

export async function activeOwner(api, emulatorHost) {
  const rest = emulatorRest(emulatorHost, PROJECT_ID);
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'bench-password-1';
  const signUp = await post(rest.identity('accounts:signUp'), { email, password, returnSecureToken: true });
  const phone = () => `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const { tenantId } = await post(
    `${api}/api/onboarding/register`,
    {
      businessName: 'Bench Bakery',
      industry: 'Retail & E-commerce',
      email,
      firstName: 'Bench',
      lastName: 'Owner',
      phone: phone(),
    },
    { authorization: `Bearer ${signUp.idToken}` },
  );
  const { sessionInfo } = await post(rest.identity('accounts:sendVerificationCode'), {
    phoneNumber: phone(),
    recaptchaToken: 'ignored-by-emulator',
  });
  const codes = await (await fetch(rest.verificationCodes)).json();
  const code = codes.verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
  const linked = await post(rest.identity('accounts:signInWithPhoneNumber'), {
    sessionInfo,
    code,
    idToken: signUp.idToken,
  });
  await post(`${api}/api/onboarding/activate`, { tenantId }, { authorization: `Bearer ${linked.idToken}` });
  return { email, password, uid: signUp.localId, tenantId, token: await signIn(emulatorHost, email, password) };
}
