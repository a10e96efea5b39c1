// A short reading of a V8 CPU profile (`--cpu-prof`): where the shop's process spent its time
// under load, by package and by function, so the gap to a target can be traced to its cause.
import { readFileSync } from 'node:fs';

/**
 * The package (or part of Node, or of the shop) a profiled function belongs to.
 * @param {string} url
 * @param {string} functionName
 */
function ownerOf(url, functionName) {
  if (!url) {
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return '(program: native, not JavaScript)';
    return `(native: ${functionName || 'anonymous'})`;
  }
  if (url.startsWith('node:')) {
    const parts = url.slice('node:'.length).split('/');
    return `node:${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  const shop = /\/(apps|packages)\/([^/]+)\/dist\/(.*)$/.exec(url);
  if (shop)
    return `shop: ${shop[1]}/${shop[2]}/${shop[3]?.split('/').slice(0, -1).join('/') || '.'}`;
  return url;
}

/**
 * Self time by owner and by function, in percent of the samples.
 * @param {string} file A .cpuprofile.
 * @param {number} [top]
 */
export function summarizeProfile(file, top = 15) {
  /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }} */
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const owners = new Map();
  /** @type {Map<string, number>} */
  const functions = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const owner = ownerOf(frame.url, frame.functionName);
    if (owner === '(idle)') continue;
    busy += 1;
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
    const name = `${frame.functionName || '(anonymous)'} ${owner}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
  }
  const share = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, percent: (100 * count) / Math.max(1, busy) }));
  return {
    busySamples: busy,
    idlePercent: (100 * (profile.samples.length - busy)) / Math.max(1, profile.samples.length),
    owners: share(owners),
    functions: share(functions),
  };
}
