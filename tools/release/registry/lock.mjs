// A lock file for the file registry: one writer at a time changes registry.json and its history.
// Created with O_EXCL and holding "<pid> <host>"; a lock left by a process of this host that is
// gone (a crash, kill -9) is taken over; one older than `staleMs` from another host too.
import fs from 'node:fs';
import os from 'node:os';

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Runs `fn` holding `file` (waiting up to `waitMs` for another holder); returns what fn returns. */
export function withLockFile(file, fn, { waitMs = 30_000, staleMs = 120_000 } = {}) {
  const started = Date.now();
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`);
      fs.closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = '';
    let age = 0;
    try {
      holder = fs.readFileSync(file, 'utf8').trim();
      age = Date.now() - fs.statSync(file).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    const [pid, host] = holder.split(' ');
    const gone = holder !== '' && (host === os.hostname() ? !alive(Number(pid)) : age > staleMs);
    if (gone || (holder === '' && age > 5_000)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() - started > waitMs) throw new Error(`the registry is locked by process ${holder || '(unknown)'} (${file}); try again when it has finished`);
    sleep(25);
  }
  try {
    return fn();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
