// The Node versions the project runs on, checked before `npm start` and `npm test` do anything. pg-boss 12 needs
// Node 22.12, jsdom 29 needs 22.13 on the 22 line; Node 20 left support in April 2026. When the machine's Node is
// older and the project's own copy (`npm run node:install`, under .tools/) is present, the script runs again on
// it; otherwise it stops at once and says what to install. `engine-strict` in .npmrc does the same for
// `npm install`, with the range in package.json's `engines`. Scripts import ./require-supported-node.mjs first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The LTS line CI runs and `npm run node:install` brings. */
export const PROJECT_NODE_MAJOR = 24;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm run node:install` puts the project's own Node (git ignores .tools/). */
export const projectNodeBin = join(root, '.tools', `node${PROJECT_NODE_MAJOR}`, 'node_modules', '.bin');

/** True for 22.13 and later on the 22 line and for 24 and later (23, never an LTS, is left out). */
export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 13);
}

/**
 * Runs the current script again on the project's Node (resolving only when the Node running is supported), or
 * stops with what to install. The run on the project's Node is handed every signal this process gets (a
 * SIGTERM from a test or a supervisor reaches the real script), and this process exits with its code.
 */
export function requireSupportedNode() {
  if (isSupportedNode()) return Promise.resolve();
  const projectNode = join(projectNodeBin, 'node');
  if (existsSync(projectNode)) {
    // PATH first too, so the npx, npm and node the script starts run on the same Node.
    const env = { ...process.env, PATH: `${projectNodeBin}${delimiter}${process.env.PATH ?? ''}` };
    const child = spawn(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return new Promise(() => {});
  }
  console.error(
    [
      `Loyalty Portal needs Node.js 24 (the active LTS) or 22.13 and later; this is Node ${process.version}.`,
      'Install Node 24 from https://nodejs.org (or `nvm install 24`), or let the project bring its own copy:',
      '  npm run node:install     # Node 24 from the npm registry into .tools/, used by npm start and npm test',
      `  export PATH="${projectNodeBin}:$PATH"   # then npm install runs on it too`,
    ].join('\n'),
  );
  process.exit(1);
}
