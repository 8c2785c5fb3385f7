// A clean checkout of one commit to build a release from: a detached git worktree in a temp
// folder, with this repository's installed packages linked in (third-party packages shared; the
// workspace's own packages, such as @store/contracts, pointing at the checkout's copies, so nothing
// of the working tree leaks into the build).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function git(repo, args) {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Uncommitted changes of the working tree (tracked or not, ignored files aside), as `git status --porcelain` lines. */
export function dirtyFiles(repo) {
  const out = git(repo, ['status', '--porcelain', '--untracked-files=normal']);
  // installed packages are never part of a release's source (a checkout links them: see linkPackages)
  return out ? out.split('\n').filter((line) => !/(^|\/)node_modules\/?$/.test(line.slice(3))) : [];
}

/** The commit a release builds: its id, author and subject. */
export function commitOf(repo, rev = 'HEAD') {
  const [commit, author, subject] = git(repo, ['log', '-1', '--format=%H%x00%an <%ae>%x00%s', rev]).split('\0');
  return { commit, author, subject };
}

function workspaceDirs(repo) {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  return (pkg.workspaces ?? []).map((w) => path.resolve(repo, w));
}

/**
 * `node_modules` of `checkout`: every installed package of `repo` linked, except the workspace's
 * own packages, which link to the checkout's folders; each workspace's own node_modules likewise.
 */
export function linkPackages(repo, checkout) {
  const workspaces = workspaceDirs(repo);
  const inWorkspace = (real) => workspaces.find((w) => real === w);
  const linkEntry = (from, to) => {
    const real = fs.realpathSync(from);
    const workspace = inWorkspace(real);
    fs.symlinkSync(workspace ? path.join(checkout, path.relative(repo, workspace)) : real, to);
  };
  const source = path.join(repo, 'node_modules');
  const target = path.join(checkout, 'node_modules');
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    const from = path.join(source, entry);
    if (entry.startsWith('@') && fs.statSync(from).isDirectory() && !fs.lstatSync(from).isSymbolicLink()) {
      fs.mkdirSync(path.join(target, entry));
      for (const child of fs.readdirSync(from)) linkEntry(path.join(from, child), path.join(target, entry, child));
    } else {
      linkEntry(from, path.join(target, entry));
    }
  }
  for (const workspace of workspaces) {
    const own = path.join(workspace, 'node_modules');
    const into = path.join(checkout, path.relative(repo, workspace), 'node_modules');
    if (fs.existsSync(own) && fs.existsSync(path.dirname(into)) && !fs.existsSync(into)) fs.symlinkSync(fs.realpathSync(own), into);
  }
}

/** A detached worktree of `commit` with packages linked; `remove()` deletes it. */
export function cleanCheckout(repo, commit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  git(repo, ['worktree', 'add', '--detach', '--force', dir, commit]);
  const remove = () => {
    try {
      git(repo, ['worktree', 'remove', '--force', dir]);
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
      try {
        git(repo, ['worktree', 'prune']);
      } catch {
        // nothing to prune
      }
    }
  };
  try {
    linkPackages(repo, dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
