// What the start banner says about the address customers reach (docs/configuration.md, "A phone on your network").
import { networkInterfaces } from 'node:os';

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$/i;

/** True when a phone cannot open this URL: it names this machine (localhost, 127.x, ::1). */
export function isLoopbackUrl(url) {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** This machine's first IPv4 address on a network (not loopback, not link-local), or undefined. */
export function lanAddress(interfaces = networkInterfaces()) {
  for (const list of Object.values(interfaces)) {
    for (const entry of list ?? []) {
      const v4 = entry.family === 'IPv4' || entry.family === 4;
      if (v4 && !entry.internal && !entry.address.startsWith('169.254.')) return entry.address;
    }
  }
  return undefined;
}

/**
 * The banner's lines about the customer address, from the environment as config.ts reads it: with CUSTOMER_LISTEN,
 * where phones go; with a loopback PUBLIC_URL, that phones cannot open it and the line that fixes it; else none.
 */
export function customerAddressLines({ env, port, lan = lanAddress() }) {
  const customerListen = env.CUSTOMER_LISTEN;
  const publicUrl = env.PUBLIC_URL || (customerListen ? `http://${customerListen}` : `http://localhost:${port}`);
  if (customerListen) {
    const lines = [`customer pages for phones on this network: http://${customerListen}/join/<your join link name>`];
    if (isLoopbackUrl(publicUrl)) {
      lines.push(`PUBLIC_URL=${publicUrl} still prints localhost on the poster: unset it to use ${customerListen}`);
    }
    return lines;
  }
  if (!isLoopbackUrl(publicUrl)) return [];
  const suggestion = `${lan ?? '<this computer’s network address>'}:${port + 80}`;
  return [
    `join links, the poster's QR code and wallet passes point at ${publicUrl}: a customer's phone cannot open it.`,
    `To try it with a phone on the same Wi-Fi: CUSTOMER_LISTEN=${suggestion} npm start`,
    '  (a second address that serves only the customer pages; the staff portal stays on this computer;',
    '  docs/configuration.md, "A phone on your network"). In production, set PUBLIC_URL to your HTTPS address.',
  ];
}
