#!/usr/bin/env node
// `npm run node:install`: the project's own Node LTS from the npm registry into .tools/node24, for machines whose
// system Node is too old (CI's is 20). The registry's `node-<platform>-<arch>` package is the official build's
// binary with no install script (the `node` package only wraps it with a preinstall that fetches the same one).
// Runs on any Node npm itself runs on; prints the PATH line that puts the new Node first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { PROJECT_NODE_MAJOR, projectNodeBin } from './lib/supported-node.mjs';

const prefix = dirname(dirname(projectNodeBin));
const pkg = `node-${process.platform}-${process.arch}@${PROJECT_NODE_MAJOR}`;
const node = `${projectNodeBin}/node`;
if (!existsSync(node) || process.argv.includes('--update')) {
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', pkg], {
    stdio: 'inherit',
  });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`Node ${version} in ${projectNodeBin}`);
console.log(`Put it first on PATH:  export PATH="${projectNodeBin}:$PATH"`);
