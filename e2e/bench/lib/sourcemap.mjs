// What is inside a minified chunk: attributes every generated character to the source file its
// source map segment points at, then groups the sources by npm package (or project folder).
// Webpack writes plain (non-indexed) source maps with one segment list per generated line.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i += 1) DIGIT[B64.charCodeAt(i)] = i;

/** Decodes one line's segments into [[generatedColumn, sourceIndex | -1], ...] keeping `state`. */
function decodeLine(text, state) {
  const segments = [];
  let column = 0;
  let i = 0;
  while (i < text.length) {
    const fields = [];
    while (i < text.length && text[i] !== ',') {
      let value = 0;
      let shift = 0;
      let digit;
      do {
        digit = DIGIT[text.charCodeAt(i)];
        i += 1;
        if (digit < 0) throw new Error('invalid source map mapping');
        value += (digit & 31) << shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    }
    i += 1; // the comma
    if (fields.length === 0) continue;
    column += fields[0];
    if (fields.length >= 4) {
      state.source += fields[1];
      state.line += fields[2];
      state.column += fields[3];
      if (fields.length >= 5) state.name += fields[4];
      segments.push([column, state.source]);
    } else {
      segments.push([column, -1]);
    }
  }
  return segments;
}

/** Per-source character counts of `code` according to `map`; unmapped characters under -1. */
export function attribute(code, map) {
  if (map.sections) throw new Error('indexed source maps are not supported');
  const counts = new Map();
  const add = (source, n) => {
    if (n > 0) counts.set(source, (counts.get(source) ?? 0) + n);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  const state = { source: 0, line: 0, column: 0, name: 0 };
  for (let l = 0; l < lines.length; l += 1) {
    const length = lines[l].length + (l < lines.length - 1 ? 1 : 0);
    const segments = l < mappingLines.length ? decodeLine(mappingLines[l], state) : [];
    segments.sort((a, b) => a[0] - b[0]);
    let covered = 0;
    if (segments.length === 0) {
      add(-1, length);
      continue;
    }
    add(-1, Math.min(segments[0][0], length));
    for (let s = 0; s < segments.length; s += 1) {
      const from = Math.min(segments[s][0], length);
      const to = s + 1 < segments.length ? Math.min(segments[s + 1][0], length) : length;
      add(segments[s][1], to - from);
      covered = to;
    }
    add(-1, length - covered);
  }
  const result = new Map();
  for (const [index, n] of counts) {
    const name = index < 0 ? '(unmapped)' : (map.sources[index] ?? '(unknown)');
    result.set(name, (result.get(name) ?? 0) + n);
  }
  return result;
}

/**
 * Groups a webpack source name into a package: "react-dom", "@emotion/react", "zod",
 * "@module-federation/runtime-core", "shell/src", "shared-events/src", "webpack runtime"...
 */
export function packageOf(source) {
  if (source === '(unmapped)' || source === '(unknown)') return source;
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    if (parts[0] === '.federation') return 'federation entry (generated)';
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const prefix = source.match(/^webpack:\/\/([^/]*)\//);
  const project = prefix ? prefix[1] : '';
  const cleaned = prefix ? source.slice(prefix[0].length) : source;
  if (cleaned.startsWith('webpack/')) return 'webpack runtime';
  if (cleaned.startsWith('external ')) return 'externals';
  // ./src/x.ts (the project itself) or ../shared-events/src/x.ts (a workspace package)
  if (cleaned.startsWith('./src/')) return `${project}/src`;
  const m = cleaned.replace(/^(\.\.\/)+/, '').match(/^([^/]+)\/src\//);
  if (m) return `${m[1]}/src`;
  return cleaned.split('/')[0] || source;
}

/** { package: chars } sorted descending, for a chunk. */
export function packagesOf(code, map) {
  const bySource = attribute(code, map);
  const byPackage = new Map();
  for (const [source, n] of bySource) {
    const pkg = packageOf(source);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
  }
  return {
    sources: bySource,
    packages: [...byPackage.entries()].sort((a, b) => b[1] - a[1]),
  };
}
