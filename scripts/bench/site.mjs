// The child processes of `pnpm bench` and `pnpm bench:lighthouse`: the builds (as `pnpm start` decides them),
// the production server (api/dist/server.js) on a loopback port, and whatever else a measurement starts
// (Chromium). Each child is tracked so that it can be stopped by its own pid, also on error and Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../../api/node-flags.mjs';
import { buildArgs, PACKAGES, staleBuilds } from '../builds.mjs';
import { summarizeLog } from './report.mjs';

export const HOST = '127.0.0.1';

/** What a report says of the machine it was measured on. */
export function machineFacts() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: { model: cpus[0]?.model.trim() ?? 'unknown', cores: cpus.length },
    // Other work on the machine moves every figure: the 1, 5 and 15 minute load averages at the start.
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

/** Writes a JSON report to `path` (from `root`); answers where, as the user would name it. */
export function writeReport(root, path, report) {
  const out = resolve(root, path);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const shown = relative(process.cwd(), out);
  return shown.startsWith('..') ? out : shown;
}

/** Read by the site at start: a measurement sets its own values and drops whatever the shell had. */
export const SITE_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'API_KEY',
  'LOG_LEVEL',
  'READ_CACHE_BYTES',
  'WEB_ROOT',
  'TRUST_PROXY',
  'SMTP_URL',
  'EDITOR_EMAIL',
  'EDITOR_PASSWORD',
  'EDITOR_NAME',
];

/** Thrown once a signal asked the measurement to stop: the signal handler cleans up and exits. */
export class Interrupted extends Error {}

export const indent = (text) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** A free port on the loopback interface (the system's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET with node:http without keep-alive: nothing of the probes stays open in this process. */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: 5000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * The children of one measurement. `root`: the repository, where children start; `log`: progress lines
 * (stderr); `apiKey`: the site's public API key.
 */
export function createChildren({ root, log, apiKey }) {
  /** @type {Set<{ name: string; child: import('node:child_process').ChildProcess; output: string; done: boolean; exited: Promise<void>; base?: string }>} */
  const children = new Set();
  let interrupted = false;

  /**
   * Spawns `command` (Node itself by default) from the repository root and keeps the end of what it prints
   * (`inherit` shows it on stderr instead). `exited` resolves once it has ended and its output is all read.
   */
  function startChild(name, args, env, { command = process.execPath, inherit = false } = {}) {
    if (interrupted) throw new Interrupted('interrupted');
    // Shown output goes to stderr, with the progress lines: stdout carries the report alone.
    const stdio = inherit ? ['ignore', 2, 2] : ['ignore', 'pipe', 'pipe'];
    const child = spawn(command, args, { cwd: root, env, stdio });
    const entry = { name, child, output: '', done: false, exited: null };
    const keep = (chunk) => {
      entry.output += chunk;
      // The last 64 KB, from a line's start.
      if (entry.output.length > 64 * 1024)
        entry.output = entry.output.slice(-64 * 1024).replace(/^[^\n]*\n/, '');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    entry.exited = new Promise((resolve) => {
      const finish = () => {
        entry.done = true;
        children.delete(entry);
        resolve();
      };
      child.once('close', finish);
      child.once('error', (err) => {
        entry.output += `\n${err.message}`;
        finish();
      });
    });
    children.add(entry);
    return entry;
  }

  const running = (entry) => !entry.done && entry.child.exitCode === null && entry.child.signalCode === null;

  /** Why a child that should be running is not, with the end of what it printed. */
  function ended(entry, when) {
    const how = entry.child.signalCode
      ? `killed by ${entry.child.signalCode}`
      : `code ${entry.child.exitCode}`;
    const output = entry.output.trim();
    return new Error(
      `${entry.name} exited ${when} (${how})${output ? `:\n${indent(output.slice(-4000))}` : ''}`,
    );
  }

  /**
   * SIGTERM to the child's own pid, then SIGKILL if it has not exited after `graceMs`. What it logged (warnings
   * and errors, summarized) is shown unless `quiet`.
   */
  async function stopChild(entry, graceMs = 10_000, { quiet = false } = {}) {
    if (running(entry) && entry.child.pid !== undefined) {
      entry.child.kill('SIGTERM');
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
      await entry.exited;
      clearTimeout(timer);
    }
    children.delete(entry);
    if (!quiet) {
      const lines = summarizeLog(entry.output);
      if (lines.length > 0) log(`  ${entry.name} logged:\n${indent(lines.join('\n'))}`);
    }
  }

  /** Every child still running, stopped. */
  const stopAll = () => Promise.all([...children].map((entry) => stopChild(entry)));

  /** SIGKILL to every child still running: the last resort when this process ends some other way. */
  function killAll() {
    for (const entry of children) if (running(entry)) entry.child.kill('SIGKILL');
  }

  /**
   * Polls `url` until it answers 200 (every `everyMs`: often enough to time a start to within a few tens of
   * milliseconds); fails when the child exits first or after `timeoutMs`.
   */
  async function waitUntilReady(entry, url, timeoutMs = 120_000, everyMs = 25) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (interrupted) throw new Interrupted('interrupted');
      if (!running(entry)) throw ended(entry, 'before it was ready');
      try {
        if ((await get(url)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(everyMs);
    }
    throw new Error(
      `${entry.name} was not ready after ${timeoutMs / 1000} s:\n${indent(entry.output.trim().slice(-4000))}`,
    );
  }

  /**
   * Builds what is missing or stale, exactly as `pnpm start` decides them (scripts/builds.mjs); with `build`
   * false, only checks that every package has a build.
   */
  async function ensureBuilt(build) {
    if (!build) {
      const missing = PACKAGES.filter((pkg) => !existsSync(join(root, pkg, 'dist')));
      if (missing.length > 0)
        throw new Error(`--no-build, but ${missing.join(', ')} has no build: run pnpm build`);
      return;
    }
    const stale = staleBuilds(root);
    if (stale.length === 0) return;
    log(`Building ${stale.join(', ')} (missing or older than their sources)...`);
    const entry = startChild('build', buildArgs(stale), process.env, { command: 'pnpm', inherit: true });
    await entry.exited;
    if (interrupted) throw new Interrupted('interrupted');
    if (entry.child.exitCode !== 0) throw ended(entry, 'with an error');
  }

  /**
   * The production server (api/dist/server.js) with `variables` (DATA_DIR, DATABASE_URL...) on `port` (a free
   * one by default); resolves once /api/health answers. A new DATA_DIR is migrated and seeded at start.
   */
  async function startSite(name, variables, { port } = {}) {
    const listen = port ?? (await freePort());
    const env = { ...process.env };
    for (const variable of SITE_VARIABLES) delete env[variable];
    Object.assign(env, { PORT: String(listen), HOST, LOG_LEVEL: 'warn', API_KEY: apiKey }, variables);
    // With the flags `pnpm start` gives it (api/node-flags.mjs).
    const entry = startChild(name, [...SERVER_NODE_FLAGS, join(root, 'api', 'dist', 'server.js')], env);
    entry.base = `http://${HOST}:${listen}`;
    const started = performance.now();
    await waitUntilReady(entry, `${entry.base}/api/health`);
    // From the spawn until the health check answers 200: listening, with the database open and prepared.
    entry.readyMs = Math.round(performance.now() - started);
    log(`  ${name}: ready in ${(entry.readyMs / 1000).toFixed(2)} s (pid ${entry.child.pid})`);
    return entry;
  }

  return {
    startChild,
    running,
    ended,
    stopChild,
    stopAll,
    killAll,
    waitUntilReady,
    ensureBuilt,
    startSite,
    get interrupted() {
      return interrupted;
    },
    interrupt() {
      interrupted = true;
    },
    /** Throws Interrupted once a signal asked to stop. */
    check() {
      if (interrupted) throw new Interrupted('interrupted');
    },
  };
}
