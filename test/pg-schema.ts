/**
 * The tests' PostgreSQL and Redis (`.ci/run` starts both): the database every PostgreSQL test makes a
 * schema of its own in, that schema's `DATABASE_URL`, and Redis's URL.
 */

/** The tests' PostgreSQL database. */
export const PG_BASE = "postgres://postgres@127.0.0.1:5432/test";

/** A `DATABASE_URL` of `schema` in the tests' database (every table the server makes goes there). */
export const schemaUrl = (schema: string): string => `${PG_BASE}?options=-c%20search_path%3D${schema}`;

/** The tests' Redis. */
export const REDIS_URL = "redis://127.0.0.1:6379";
