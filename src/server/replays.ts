/**
 * A finished match step by step (the replay viewer): its steps worked out
 * once from the log and kept for the latest matches (they never change),
 * read a page at a time as the viewer saw them.
 */
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { type Credential, type ServerError, fail, viewerAt } from "./credentials.js";
import type { Lobby } from "./lobby.js";
import type { ReplaySteps } from "./messages.js";
import { MatchSteps, STEPS_PAGE } from "./replay-steps.js";
import type { Tables } from "./tables.js";

/** Finished matches whose replay steps are kept (they never change). */
const STEPS_KEPT = 16;

export class Replays {
  private readonly stepsKept = new Map<string, MatchSteps>();

  constructor(
    private readonly tables: Tables,
    private readonly lobby: Lobby,
  ) {}

  /** Whether the table's match is over (a finished match's log is kept for replays). */
  async isFinished(tableId: string): Promise<boolean | undefined> {
    const t = await this.tables.get(tableId);
    return t ? t.table.over : undefined;
  }

  /**
   * A finished match step by step as the credential's viewer saw it (the replay viewer), by id or
   * code: a seat whose secret is presented gets its own hand in every step, anyone else a
   * spectator's view; a wrong secret is refused. A page of at most STEPS_PAGE steps from step `from`.
   */
  async steps(
    idOrCode: string,
    from = 0,
    cred: Credential = SPECTATOR,
  ): Promise<Result<ReplaySteps, ServerError>> {
    const info = await this.lobby.info(idOrCode);
    const t = info && (await this.tables.settled(info.id));
    if (!t) return fail("not_found", "no such table");
    const viewer = viewerAt(t, cred);
    if (!viewer.ok) return viewer;
    if (!t.table.over)
      return fail(
        "not_over",
        `the match is still being played: watch it at /t/${t.row.code}; its replay opens when it ends`,
      );
    let steps = this.stepsKept.get(t.row.id);
    if (!steps) {
      const made = MatchSteps.of(t.entry.game, t.table.log());
      if (!made.ok) throw new Error(`table ${t.row.id} does not replay: ${made.error}`);
      steps = made.value;
      if (this.stepsKept.size >= STEPS_KEPT) this.stepsKept.delete(this.stepsKept.keys().next().value!);
      this.stepsKept.set(t.row.id, steps);
    }
    if (from >= steps.total)
      return fail("bad_request", `from: the match's steps are 0 to ${steps.total - 1}, not ${from}`);
    const page = steps.page(from, STEPS_PAGE, viewer.value);
    if (!page.ok) throw new Error(`table ${t.row.id} does not replay: ${page.error}`);
    return ok({
      info: await this.lobby.infoOf(t),
      viewer: viewer.value,
      total: steps.total,
      from,
      steps: page.value,
    });
  }
}
