// Who used the machine's CPU during a bench phase: the app server, this process (autocannon or the raw
// loops) and PostgreSQL. On a machine where all three share the cores, these figures explain the ratio:
// CPU the load generator spends is CPU neither the app nor the database gets. Linux only (/proc); elsewhere
// the figures are left out.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of one process, or 0 when it cannot be read. */
function processSeconds(pid: number): number {
  try {
    // Fields after the command name (which may contain spaces) start at field 3; utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export interface CpuSnapshot {
  server: number;
  self: number;
  /** Per PostgreSQL process, since backends come and go between snapshots. */
  postgres: Map<number, number>;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    server: serverPid ? processSeconds(serverPid) : 0,
    self: (usage.user + usage.system) / 1e6,
    postgres: new Map(postgresPids().map((pid) => [pid, processSeconds(pid)])),
  };
}

export interface CpuUse {
  server: number;
  self: number;
  postgres: number;
}

/** CPU seconds each party used between two snapshots. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { server: after.server - before.server, self: after.self - before.self, postgres };
}
