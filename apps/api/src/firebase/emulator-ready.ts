/**
 * `npm start` launches the Auth emulator and the API side by side (each takes seconds to boot), so what
 * needs the emulator at start-up (the demo seed) waits here until it answers.
 */
export async function waitForAuthEmulator(host: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the Auth emulator at ${host} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
