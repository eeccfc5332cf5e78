/**
 * The process groups of outside programs still running, in every thread of
 * this process. A program starts in a group of its own, so that stopping it
 * stops whatever it started too; but then a Ctrl-C at the terminal reaches
 * only Cardroom, not the program. So the main thread hears of every group
 * started in any thread (a broadcast channel) and kills those left when the
 * process exits, or when a signal ends it that nothing else handles.
 */
import { BroadcastChannel, isMainThread } from "node:worker_threads";

const CHANNEL = "cardroom:player-groups";
/** Signals that end a process by default and that a terminal or a supervisor sends. */
const ENDING: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

const running = new Set<number>();
let channel: BroadcastChannel | null = null;
let watching = false;

type GroupMessage = { readonly started: number } | { readonly ended: number };

function tell(m: GroupMessage): void {
  if (isMainThread) return;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.unref();
  }
  channel.postMessage(m);
}

/** A program's group is running (its leader's pid). */
export function groupStarted(pid: number): void {
  running.add(pid);
  tell({ started: pid });
}

/** A program's leader has exited: its group is no longer watched (its pid may be given to another). */
export function groupGone(pid: number): void {
  running.delete(pid);
  tell({ ended: pid });
}

/** Kills a program's whole group now; nothing if it is gone already. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  groupGone(pid);
}

function killAll(): void {
  for (const pid of running) killGroup(pid);
}

/**
 * In the main thread, once: kill every program's group left when the process exits, and on a
 * signal nothing else listens for (then end as that signal would have).
 */
export function watchPlayerGroups(): void {
  if (watching || !isMainThread) return;
  watching = true;
  const heard = new BroadcastChannel(CHANNEL);
  heard.unref();
  heard.onmessage = (e) => {
    const m = (e as { data: GroupMessage }).data;
    if ("started" in m) running.add(m.started);
    else running.delete(m.ended);
  };
  process.on("exit", killAll);
  for (const signal of ENDING) {
    const onSignal = (): void => {
      // A command that handles the signal stops its own way; what it leaves goes at the exit.
      if (process.listenerCount(signal) > 1) return;
      killAll();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
