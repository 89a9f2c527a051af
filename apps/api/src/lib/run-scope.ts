/**
 * Which businesses a scheduled run covers: all of them, or only these (tests, which share their database with
 * other tests' businesses whose lots must not lapse or whose tiers must not move under them).
 */
export type Scope = readonly string[] | undefined;
