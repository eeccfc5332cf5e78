/**
 * What the server tests that play through the HTTP API share: a guest who
 * takes a seat, and waiting (bounded) for something the server does by
 * itself, such as a computer finishing a match for people who walked away.
 */
import { api } from "../src/server/client.js";

export interface SeatedGuest {
  readonly guest: { readonly id: string; readonly name: string; readonly token: string };
  readonly seat: number;
  readonly secret: string;
}

/** A new guest called `name`, sat at `seat` of `table` on the server at `url`. */
export async function guestSeat(
  url: string,
  table: string,
  seat: number,
  name: string,
): Promise<SeatedGuest> {
  const guest = await api<SeatedGuest["guest"]>(url, "/api/guests", { name });
  const sat = await api<{ secret: string }>(url, `/api/tables/${table}/seats/${seat}`, {
    token: guest.token,
  });
  return { guest, seat, secret: sat.secret };
}

/** Resolves once `test` holds (asked every 20 ms, for at most `ms`, 30 s); else fails naming `what`. */
export async function until(test: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  for (let i = 0; i < ms / 20; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
