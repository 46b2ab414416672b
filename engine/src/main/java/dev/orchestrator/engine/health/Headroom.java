package dev.orchestrator.engine.health;

/**
 * How much of its limits a provider's keys have left (docs/design.md §5 and §14), as the observed
 * ranking weighs it: a provider whose every key is near exhaustion goes after its peers, one whose
 * every key is out goes last, so a request is sent where it will be answered before a 429 says so.
 */
public enum Headroom {
  /** At least one key may be chosen and is not near exhaustion (or the provider needs none). */
  READY,
  /** Every key that may be chosen has at most a tenth of its window's limit left. */
  LOW,
  /** No key may be chosen now: each is cooling, spent until its reset, or at a declared limit. */
  OUT
}
