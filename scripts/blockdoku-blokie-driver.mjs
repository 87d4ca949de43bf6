// The same line protocol as blockdoku-blokie-driver.cpp, answered by blokie's prebuilt
// WASM search in node: `node blockdoku-blokie-driver.mjs BLOKIE_DIR`. cpu_ns is the
// process CPU time (process.cpuUsage, microsecond resolution) of the aiMakeMove call alone.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import readline from 'node:readline';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node blockdoku-blokie-driver.mjs BLOKIE_DIR\n');
  process.exit(2);
}
const loader = path.join(dir, 'engine', 'wasm', 'blokie-solver.js');
const { default: create } = await import(pathToFileURL(loader).href);
const solver = await create({});

const rl = readline.createInterface({ input: process.stdin });
const out = [];
for await (const line of rl) {
  const w = line.trim().split(/\s+/).map(Number);
  if (w.length !== 12) continue;
  const before = process.cpuUsage();
  const r = solver.aiMakeMove(...w);
  const spent = process.cpuUsage(before);
  const ns = (spent.user + spent.system) * 1000;
  const words = r.placements.flatMap((p) => [p.a >>> 0, p.b >>> 0, p.c >>> 0]);
  out.length = 0;
  out.push(r.found ? 1 : 0, ns, ...words);
  process.stdout.write(out.join(' ') + '\n');
}
