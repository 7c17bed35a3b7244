/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or bench:gateway with BENCH_CPU_PROF): self
 * time by function and by package or source folder, heaviest first, as a share of the profile's
 * busy time (idle and GC listed apart).
 *
 *   npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top 30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
);

/** node_modules/<package> or the source folder a URL belongs to. */
function area(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const source = url.match(/\/(server\/src\/[^/]+|contract)\//);
  return source ? source[1]! : url.replace(/^file:\/\//, '');
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') {
    idle += ms;
    continue;
  }
  total += ms;
  const name = `${functionName || '(anonymous)'} ${area(url)}:${lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + ms);
  areas.set(area(url), (areas.get(area(url)) ?? 0) + ms);
}
const table = (entries: Map<string, number>) =>
  [...entries.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({
      name,
      ms: Math.round(ms),
      share: `${((100 * ms) / total).toFixed(1)} %`,
    }));
console.log(`busy ${Math.round(total)} ms, idle/program ${Math.round(idle)} ms`);
console.log('\nby package or source folder');
console.table(table(areas));
console.log('\nby function (self time)');
console.table(table(functions));
