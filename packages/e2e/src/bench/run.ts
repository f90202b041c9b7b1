import { benches } from './registry.js';
import type { BenchOptions } from './bench-kit.js';

/**
 * `npm run bench [-- --scale 0.2 --runs 30 --only timeseries]`: runs each registered bench module
 * in turn and prints its figures. Not a test: nothing here is timed against a threshold.
 */
function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(key, inline);
    else if (argv[i + 1] && !argv[i + 1]!.startsWith('--')) flags.set(key, argv[++i]!);
    else flags.set(key, 'true');
  }
  return flags;
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.has('help')) {
    console.log(
      'npm run bench -- [--scale <factor, default 1>] [--runs <n, default 30>] [--only <name,...>]' +
        ' [--data-dir <dir>: keep the generated dataset there and reuse it] [--fresh] [--keep] [--cached-baseline]',
    );
    for (const b of benches) console.log(`  ${b.name}: ${b.description}`);
    return;
  }
  const options: BenchOptions = {
    scale: Number(flags.get('scale') ?? 1),
    runs: Number(flags.get('runs') ?? 30),
    flags,
  };
  if (!(options.scale > 0) || !(options.runs > 0))
    throw new Error('--scale and --runs must be positive numbers');
  const only = flags.get('only')?.split(',');
  for (const bench of benches) {
    if (only && !only.includes(bench.name)) continue;
    console.log(`\n=== ${bench.name}: ${bench.description} (scale ${options.scale})`);
    const t0 = performance.now();
    await bench.run(options);
    console.log(`=== ${bench.name} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
