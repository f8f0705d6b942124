// The server's Node flags (api/node-flags.mjs) are those `pnpm start` and the API package's `start` give it,
// and they hold V8's young generation and its old generation's growth where the README says.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SERVER_NODE_FLAGS } from '../api/node-flags.mjs';

const startScript = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')).scripts.start;

test('pnpm start and the API package start the server with its flags', () => {
  assert.equal(startScript('../package.json'), `node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  assert.equal(startScript('../api/package.json'), `node ${SERVER_NODE_FLAGS.join(' ')} dist/server.js`);
});

/** The young generation's size, in MiB, after a process with `flags` made 200 MB of short-lived objects. */
function youngGenerationAfterLoad(flags) {
  const program = `
    let kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 20000) kept = []; }
    const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, [...flags, '-e', program], { encoding: 'utf8' }));
}

test('the flags keep the young generation at two semi-spaces of 2 MiB, where V8 alone grows it to 32', () => {
  assert.ok(youngGenerationAfterLoad(SERVER_NODE_FLAGS) <= 4);
  assert.ok(youngGenerationAfterLoad([]) >= 16);
});

/**
 * The heap's largest size, in MiB, in a process with `flags` that holds about 40 MB live and makes 200 MB of
 * garbage in pieces that outlive the young generation, as a load's requests do.
 */
function heapPeakUnderGarbage(flags) {
  const program = `
    const v8 = require('node:v8');
    const live = [];
    for (let i = 0; i < 40; i++) live.push(Array.from({ length: 25000 }, (_, j) => ({ j, s: 'k' + j })));
    let peak = 0;
    for (let round = 0; round < 20; round++) {
      let batch = [];
      for (let i = 0; i < 10; i++) batch.push(Array.from({ length: 25000 }, (_, j) => ({ j, s: 'g' + j })));
      batch = null;
      peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    process.stdout.write(String(peak / 1048576));`;
  return Number(execFileSync(process.execPath, [...flags, '-e', program], { encoding: 'utf8' }));
}

test("the flags' 1 GiB ceiling lets garbage wait in far less heap than Node's default of about 4 GiB", () => {
  const withFlags = heapPeakUnderGarbage(SERVER_NODE_FLAGS);
  const withDefault = heapPeakUnderGarbage(['--max-semi-space-size=2', '--max-old-space-size=4096']);
  assert.ok(withFlags < 220, `${withFlags} MiB with the server's flags`);
  assert.ok(
    withDefault > withFlags * 1.5,
    `${withDefault} MiB with a 4 GiB ceiling, ${withFlags} with the flags`,
  );
});
