/**
 * What a commit's second flush wave costs: the files of a 10-caption add into a new draft (a 38 KB
 * timeline, its copy, a 1.3 KB meta file and 108 B of settings) written as temps, flushed and
 * renamed into place, in fresh processes, three ways, interleaved:
 * - `two`: the temps flushed together, then the journal written and flushed (src/store/txn.ts);
 * - `one`: the journal written first and flushed with the temps (not crash safe as it is: a
 *   durable journal could name a torn temp), the floor of a single wave;
 * - `one+sum`: the same with a SHA-256 of the temps (Web Crypto) in the journal first, the price
 *   of making it crash safe (recovery would check the temps against it).
 * Prints each way's median, from its first write to its last rename.
 *
 * Run: deno run -A bench/flush_waves.ts [--runs 40]. Figures go into notes, never into assertions.
 */
import { flag, median } from "./runs.ts";

const RUNS = Number(flag("--runs") ?? 40) || 40;
const WAYS = ["two", "one", "one+sum"] as const;

/** One commit the given way in folder `dir`; prints its milliseconds. */
async function commitOnce(way: string, dir: string): Promise<void> {
  const bytes = (n: number, c: string) => new TextEncoder().encode(c.repeat(n));
  const timeline = bytes(38_021, "x");
  const start = performance.now();
  const open: Deno.FsFile[] = [];
  const temp = (name: string, data: Uint8Array) => {
    const f = Deno.openSync(`${dir}/${name}.tmp`, { write: true, create: true, truncate: true });
    f.writeSync(data);
    open.push(f);
  };
  temp("content", timeline);
  Deno.copyFileSync(`${dir}/content.tmp`, `${dir}/info.tmp`);
  open.push(Deno.openSync(`${dir}/info.tmp`, { read: true, write: true }));
  const meta = bytes(1_343, "m");
  const settings = bytes(108, "s");
  temp("meta", meta);
  temp("settings", settings);
  const names = ["content", "info", "meta", "settings"];
  const journal = (sum: string) => {
    const f = Deno.openSync(`${dir}/journal.json`, { write: true, create: true, truncate: true });
    const moves = names.map((n) => [`${n}.tmp`, n]);
    f.writeSync(new TextEncoder().encode(JSON.stringify({ txn: "bench", moves, sum })));
    return f;
  };
  let j: Deno.FsFile;
  if (way === "two") {
    await Promise.all(open.map((f) => f.sync()));
    j = journal("");
    j.syncSync();
  } else {
    let sum = "";
    if (way === "one+sum") {
      const all = new Uint8Array(timeline.length * 2 + meta.length + settings.length);
      let at = 0;
      for (const b of [timeline, timeline, meta, settings]) (all.set(b, at), at += b.length);
      sum = new Uint8Array(await crypto.subtle.digest("SHA-256", all)).toHex();
    }
    j = journal(sum);
    await Promise.all([...open, j].map((f) => f.sync()));
  }
  j.close();
  for (const f of open) f.close();
  for (const n of names) Deno.renameSync(`${dir}/${n}.tmp`, `${dir}/${n}`);
  Deno.removeSync(`${dir}/journal.json`);
  console.log((performance.now() - start).toFixed(3));
}

if (Deno.args[0] === "--child") {
  await commitOnce(Deno.args[1], Deno.args[2]);
} else {
  const dir = await Deno.makeTempDir({ prefix: "draftcli-waves-" });
  const times = new Map<string, number[]>(WAYS.map((w) => [w, []]));
  try {
    for (let r = 0; r < RUNS; r++) {
      // Each round starts with the next way, so no way always follows the same one.
      for (const way of WAYS.map((_, i) => WAYS[(i + r) % WAYS.length])) {
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-q", "-A", import.meta.filename!, "--child", way, dir],
          stdout: "piped",
        }).output();
        if (!out.success) throw new Error(`the ${way} commit failed`);
        times.get(way)!.push(Number(new TextDecoder().decode(out.stdout)));
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  console.log(`a 10-caption add's files committed, median of ${RUNS} fresh processes each:`);
  for (const [way, t] of times) console.log(`  ${way.padEnd(8)} ${median(t).toFixed(3)} ms`);
}
