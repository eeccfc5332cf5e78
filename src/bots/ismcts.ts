/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling,
 * Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012),
 * one implementation for every game, after OpenSpiel's `is_mcts.cc`.
 *
 * The searcher is handed the real state but reads it only through
 * `game.determinize(state, seat, rng)`: every iteration draws a world
 * consistent with what the seat knows and plays only on that copy. The tree
 * is keyed by moves from the root (the searcher's information set), not by
 * the worlds; a child is selected among the moves legal in this iteration's
 * world by UCB with availability counts (the paper's "subset-armed bandit").
 *
 * Simultaneous choices (several seats in `toAct`, Hyrule's chance mode) are
 * decoupled (DUCT): at such a node each seat picks its move from its own
 * statistics, blind to the others' picks, and the joint choice is applied.
 * A game may have the other seats choose by a model of how they play
 * instead (`modelOthers`: the playout policy), at every node of the tree,
 * or compare only the root's moves, each played out on the same drawn
 * worlds (`paired`), where a hand's outcome is too noisy for a tree.
 */
import type { Game, MatchState, Move, Seat } from "../engine/game.js";
import { applyMove } from "../engine/game.js";
import { Rng } from "../engine/rng.js";

export interface SearchBudget {
  /** Iterations at most. */
  readonly iterations: number;
  /** Milliseconds at most (the clock is read every few iterations); Infinity for none. */
  readonly ms: number;
}

/** 1 s a decision on one core, or 5,000 iterations, whichever comes first. */
export const DEFAULT_BUDGET: SearchBudget = { iterations: 5000, ms: 1000 };

/**
 * Each seat's reward for the hand that just ended, in [0, 1], written into
 * `out`. Called on a world whose hand is over (or whose match is).
 */
export type HandReward<S extends MatchState = MatchState> = (state: S, out: Float64Array) => void;

/** Reshapes a drawn world for the searching seat (see `SearchConfig.inference`). */
export type Inference<S extends MatchState = MatchState> = (world: S, seat: Seat, rng: Rng) => S;

/** A playout's move for `seat` in a world: a fast policy on the state (the world is the searcher's own copy). */
export type PlayoutPolicy<S extends MatchState = MatchState> = (
  state: S,
  seat: Seat,
  legal: readonly Move[],
  count: number,
  rng: Rng,
) => Move;

export interface SearchConfig<S extends MatchState = MatchState> {
  readonly budget?: Partial<SearchBudget>;
  readonly reward?: HandReward<S>;
  /** Random legal moves when absent. */
  readonly playout?: PlayoutPolicy<S>;
  /** UCB's exploration constant (rewards lie in [0, 1]). */
  readonly exploration?: number;
  /**
   * For measuring only (the arena's `ceiling`): draws the worlds instead of
   * `determinize`. A player that searches the true position passes a copy.
   */
  readonly worlds?: (state: S, seat: Seat, rng: Rng) => S;
  /**
   * Inference: a fresh reshaper for each search (it may remember what it
   * drew), which reshapes every world `determinize` draws so that the others'
   * hidden cards follow a model of how they chose them (Cribbage: a player
   * keeps what its discard rule would keep). It sees only the drawn world.
   * Not used with `worlds`. (A method, so that a game's own state type fits.)
   */
  inference?(): Inference<S>;
  /**
   * The searching seat's moves to weigh at the root, when a game's own
   * reckoning has narrowed them (all its legal moves when absent). Every one
   * must be legal for the seat.
   */
  readonly rootMoves?: readonly Move[];
  /**
   * In the tree, the other seats choose by the playout policy (a model of how
   * they play, in the drawn world, where their hands are drawn too) instead
   * of by statistics of their own, so the search answers how they play
   * rather than their best replies. At a simultaneous node the decoupled
   * statistics had each seat expect the others' best replies, and against
   * players who do not look for them that threw strength away (Hyrule).
   */
  readonly modelOthers?: boolean;
  /**
   * Paired samples at the root: every drawn world is played once from each
   * root move, with the same generator for each playout, and the move with
   * the best mean reward is chosen (each playout counts as an iteration; the
   * rest of the hand is the playout policy's, no tree below the root). Two
   * moves are then compared on the same cards to come, not on different
   * luck: where a hand's outcome is far noisier than the difference between
   * two choices (Gin Rummy), this tells them apart with far fewer playouts.
   */
  readonly paired?: boolean;
}

export interface SearchResult {
  readonly move: Move;
  readonly iterations: number;
  /** The worlds drawn: one an iteration, or with `paired` one a round of playouts. */
  readonly worlds: number;
  /** The root's moves with their visits and mean reward for the searching seat, most visited (with `paired`, best) first. */
  readonly moves: readonly { readonly move: Move; readonly visits: number; readonly value: number }[];
  /** Why, in words, when the move was settled without searching. */
  readonly reason?: string;
  /**
   * A value for the seat when every seat fares alike, under the reward searched by: 1 / players where
   * the seats' rewards share 1 (a hand's value, a match's win chance), 1/2 for a points margin.
   */
  readonly even: number;
}

/** One edge of the tree: a move (or, at a simultaneous node, a joint choice) and what it led to. */
class Node {
  /** Children reached by one seat's move: parallel arrays, searched linearly (a few dozen at most). */
  readonly moves: Move[] = [];
  readonly children: Node[] = [];
  /** Times selected, times available, total reward of the seat that moved. */
  visits = 0;
  available = 0;
  total = 0;
  /** At a simultaneous node: each seat's own statistics, and the children by joint choice. */
  simultaneous: Map<Seat, Node> | null = null;
  joint: Map<string, Node> | null = null;

  child(move: Move): Node | undefined {
    const i = this.moves.indexOf(move);
    return i < 0 ? undefined : this.children[i];
  }

  add(move: Move): Node {
    const n = new Node();
    n.available = 1;
    this.moves.push(move);
    this.children.push(n);
    return n;
  }
}

/**
 * The default reward: half for winning the hand (shared among its winners),
 * half for the seat's share of the hand's points (penalty games: of the
 * points it avoided). Once the match is over, the match's winners share 1.
 */
export function handReward(game: Game, lowestWins = false): HandReward {
  return (s, out) => {
    const n = s.players;
    if (s.matchOver) {
      const winners = game.matchWinners(s);
      for (let p = 0; p < n; p++) out[p] = winners.includes(p) ? 1 / winners.length : 0;
      return;
    }
    const r = s.result;
    const points = r?.points ?? [];
    const winners = r?.winners ?? [];
    let sum = 0;
    for (let p = 0; p < n; p++) sum += Math.max(0, points[p] ?? 0);
    for (let p = 0; p < n; p++) {
      const mine = Math.max(0, points[p] ?? 0);
      let share = 1 / n;
      if (sum > 0) share = lowestWins ? (sum - mine) / ((n - 1) * sum) : mine / sum;
      const win = winners.includes(p) ? 1 / winners.length : 0;
      out[p] = 0.5 * win + 0.5 * share;
    }
  };
}

/** Rewards by points margin, whose even value is 1/2 for any number of seats (`SearchResult.even`). */
const marginRewards = new WeakSet<HandReward>();

/** What `reward` gives each of `players` seats faring alike (`SearchResult.even`). */
export const evenValue = (reward: HandReward, players: number): number =>
  marginRewards.has(reward as HandReward) ? 0.5 : 1 / players;

/**
 * A reward by points margin, for games where the hand's winner scores what
 * the others hold (a loss costs more the more is left): half a point, plus
 * or minus the seat's points less the others' mean over `scale`, clamped to
 * [0, 1]. Once the match is over, the match's winners share 1.
 */
export function marginReward(game: Game, scale: number): HandReward {
  const reward: HandReward = (s, out) => {
    const n = s.players;
    if (s.matchOver) {
      const winners = game.matchWinners(s);
      for (let p = 0; p < n; p++) out[p] = winners.includes(p) ? 1 / winners.length : 0;
      return;
    }
    const points = s.result?.points ?? [];
    let sum = 0;
    for (let p = 0; p < n; p++) sum += points[p] ?? 0;
    for (let p = 0; p < n; p++) {
      const mine = points[p] ?? 0;
      const margin = mine - (sum - mine) / (n - 1);
      out[p] = Math.min(1, Math.max(0, 0.5 + (0.5 * margin) / scale));
    }
  };
  marginRewards.add(reward);
  return reward;
}

const CLOCK_EVERY = 32;

/**
 * Searches from `state` for `seat` (which must be to act) and returns the
 * most visited root move. Deterministic for a given generator and an
 * iteration budget (with `ms: Infinity`).
 */
export function ismcts<S extends MatchState>(
  game: Game<S>,
  state: S,
  seat: Seat,
  rng: Rng,
  config: SearchConfig<S> = {},
): SearchResult {
  const draw = config.worlds ?? game.determinize?.bind(game);
  if (!draw) throw new Error(`${game.id} cannot be searched: it has no determinize`);
  const infer = config.worlds ? undefined : config.inference?.();
  const worlds = infer ? (s: S, p: Seat, r: Rng): S => infer(draw(s, p, r), p, r) : draw;
  const budget = { ...DEFAULT_BUDGET, ...config.budget };
  const reward = config.reward ?? (handReward(game as Game) as HandReward<S>);
  const playout = config.playout;
  if (config.paired)
    return pairedSearch(game, state, seat, rng, worlds, reward, playout, budget, config.rootMoves);
  const c = config.exploration ?? 0.7;
  const model = config.modelOthers ? playout : undefined;
  const n = state.players;
  const rewards = new Float64Array(n);
  const buf: Move[] = [];
  const root = new Node();
  const path: Node[] = [];
  /** Which seat moved into each node of `path` (its reward is that seat's). */
  const movers: Seat[] = [];
  const deadline = performance.now() + budget.ms;
  let iterations = 0;

  while (iterations < budget.iterations) {
    if (iterations % CLOCK_EVERY === 0 && iterations > 0 && performance.now() > deadline) break;
    iterations++;
    const world = worlds(state, seat, rng);
    path.length = 0;
    movers.length = 0;
    let node = root;
    let expanded = false;
    // Selection and expansion: down the tree while every move here has been tried.
    while (!world.handOver && !expanded) {
      const toAct = game.toAct(world);
      if (toAct.length > 1) {
        const next = chooseJoint(game, world, node, toAct, buf, rng, c, path, movers, seat, model);
        expanded = next.expanded;
        node = next.node;
        continue;
      }
      const mover = toAct[0];
      let count = game.legalMoves(world, mover, buf);
      if (node === root && config.rootMoves) count = keepOnly(buf, count, config.rootMoves);
      const pick =
        model && mover !== seat ? model(world, mover, buf, count, rng) : select(node, buf, count, rng, c);
      let child = node.child(pick);
      if (!child) {
        child = node.add(pick);
        expanded = true;
      }
      path.push(child);
      movers.push(mover);
      applyMove(game, world, mover, pick);
      node = child;
    }
    playOut(game, world, playout, rng, buf);
    reward(world, rewards);
    for (let i = 0; i < path.length; i++) {
      path[i].visits++;
      path[i].total += rewards[movers[i]];
    }
  }
  return {
    move: best(root, seat),
    iterations,
    worlds: iterations,
    moves: rootMoves(root, seat),
    even: evenValue(reward as HandReward, n),
  };
}

/**
 * The root's moves compared on paired samples (`SearchConfig.paired`). The
 * seat's legal moves are part of what it knows: the same in every world
 * drawn for it, so they are read from the first.
 */
function pairedSearch<S extends MatchState>(
  game: Game<S>,
  state: S,
  seat: Seat,
  rng: Rng,
  worlds: (s: S, p: Seat, r: Rng) => S,
  reward: HandReward<S>,
  playout: PlayoutPolicy<S> | undefined,
  budget: SearchBudget,
  only: readonly Move[] | undefined,
): SearchResult {
  const buf: Move[] = [];
  const even = evenValue(reward as HandReward, state.players);
  let world = worlds(state, seat, rng);
  let k = game.legalMoves(world, seat, buf);
  if (only) k = keepOnly(buf, k, only);
  const moves = buf.slice(0, k);
  if (k === 1)
    return { move: moves[0], iterations: 0, worlds: 0, moves: [], reason: "nothing else to weigh", even };
  const totals = new Float64Array(k);
  const rewards = new Float64Array(state.players);
  const deadline = performance.now() + budget.ms;
  let rounds = 0;
  // Whole rounds only (at least one), so that every move has the same worlds.
  while (rounds === 0 || ((rounds + 1) * k <= budget.iterations && performance.now() <= deadline)) {
    if (rounds > 0) world = worlds(state, seat, rng);
    const luck = rng.split();
    for (let i = 0; i < k; i++) {
      // The last move plays on the drawn world itself: nothing reads it afterwards.
      const w = i === k - 1 ? world : game.clone(world);
      applyMove(game, w, seat, moves[i]);
      playOut(game, w, playout, Rng.fromWords(luck), buf);
      reward(w, rewards);
      totals[i] += rewards[seat];
    }
    rounds++;
  }
  let bestIndex = 0;
  for (let i = 1; i < k; i++) if (totals[i] > totals[bestIndex]) bestIndex = i;
  return {
    move: moves[bestIndex],
    iterations: rounds * k,
    worlds: rounds,
    moves: moves
      .map((move, i) => ({ move, visits: rounds, value: totals[i] / rounds }))
      .sort((a, b) => b.value - a.value || a.move - b.move),
    even,
  };
}

/** Plays `world` to the end of its hand: the playout policy's moves, or random ones. */
function playOut<S extends MatchState>(
  game: Game<S>,
  world: S,
  playout: PlayoutPolicy<S> | undefined,
  rng: Rng,
  buf: Move[],
): void {
  while (!world.handOver) {
    const toAct = game.toAct(world);
    const mover = toAct.length === 1 ? toAct[0] : toAct[rng.int(toAct.length)];
    const count = game.legalMoves(world, mover, buf);
    applyMove(game, world, mover, playout ? playout(world, mover, buf, count, rng) : buf[rng.int(count)]);
  }
}

/** Keeps in `buf`'s first `count` moves those in `only` (in their order); returns how many. */
function keepOnly(buf: Move[], count: number, only: readonly Move[]): number {
  let n = 0;
  for (let i = 0; i < count; i++) if (only.includes(buf[i])) buf[n++] = buf[i];
  return n;
}

/**
 * UCB with availability among the moves legal in this world; an untried
 * legal move first (a random one, so no move order is favoured).
 */
function select(node: Node, legal: readonly Move[], count: number, rng: Rng, c: number): Move {
  let untried = 0;
  for (let i = 0; i < count; i++) {
    const ch = node.child(legal[i]);
    if (ch) ch.available++;
    else untried++;
  }
  if (untried > 0) {
    let k = rng.int(untried);
    for (let i = 0; i < count; i++) {
      if (node.child(legal[i])) continue;
      if (k-- === 0) return legal[i];
    }
  }
  let bestMove = legal[0];
  let bestScore = -Infinity;
  for (let i = 0; i < count; i++) {
    const ch = node.child(legal[i])!;
    const score = ch.total / ch.visits + c * Math.sqrt(Math.log(ch.available) / ch.visits);
    if (score > bestScore) {
      bestScore = score;
      bestMove = legal[i];
    }
  }
  return bestMove;
}

/**
 * A simultaneous node: each seat in `toAct` picks from its own statistics
 * (a sub-node per seat, whose children are its moves), or, with a `model`,
 * every seat but the searcher's by the model; then the joint choice is
 * applied and the tree goes on under the joint key.
 */
function chooseJoint<S extends MatchState>(
  game: Game<S>,
  world: S,
  node: Node,
  toAct: readonly Seat[],
  buf: Move[],
  rng: Rng,
  c: number,
  path: Node[],
  movers: Seat[],
  searcher: Seat,
  model: PlayoutPolicy<S> | undefined,
): { node: Node; expanded: boolean } {
  node.simultaneous ??= new Map();
  node.joint ??= new Map();
  const seats = toAct.slice();
  const picks: Move[] = [];
  for (const seat of seats) {
    const count = game.legalMoves(world, seat, buf);
    if (model && seat !== searcher) {
      picks.push(model(world, seat, buf, count, rng));
      continue;
    }
    let own = node.simultaneous.get(seat);
    if (!own) node.simultaneous.set(seat, (own = new Node()));
    const pick = select(own, buf, count, rng, c);
    const child = own.child(pick) ?? own.add(pick);
    path.push(child);
    movers.push(seat);
    picks.push(pick);
  }
  for (let i = 0; i < seats.length; i++) applyMove(game, world, seats[i], picks[i]);
  const key = picks.join(",");
  let next = node.joint.get(key);
  const expanded = !next;
  if (!next) node.joint.set(key, (next = new Node()));
  return { node: next, expanded };
}

/** The root's statistics for the searching seat: its own sub-node at a simultaneous root. */
function rootOf(root: Node, seat: Seat): Node {
  return root.simultaneous?.get(seat) ?? root;
}

function best(root: Node, seat: Seat): Move {
  const r = rootOf(root, seat);
  let move = r.moves[0];
  let most = -1;
  for (let i = 0; i < r.moves.length; i++) {
    const v = r.children[i].visits;
    if (v > most) {
      most = v;
      move = r.moves[i];
    }
  }
  return move;
}

function rootMoves(root: Node, seat: Seat): SearchResult["moves"] {
  const r = rootOf(root, seat);
  return r.moves
    .map((move, i) => {
      const ch = r.children[i];
      return { move, visits: ch.visits, value: ch.visits ? ch.total / ch.visits : 0 };
    })
    .sort((a, b) => b.visits - a.visits || a.move - b.move);
}
