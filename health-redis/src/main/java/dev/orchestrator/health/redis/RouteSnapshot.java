package dev.orchestrator.health.redis;

/**
 * One route's shared state as a Redis script returns and publishes it (see {@code lib.lua}). Times
 * are wall-clock milliseconds; zero means absent. Immutable.
 *
 * @param route the route id
 * @param version monotonic per route (zero: no state at all)
 * @param openUntil when the open breaker's open time ends (zero: the breaker is closed)
 * @param step the breaker's current open time in ms
 * @param lastFailure when the route last failed
 * @param lease the probe lease holder's token, or {@code null}
 * @param leaseUntil when that lease expires
 * @param coolUntil when the cooldown ends
 * @param retiredUntil when the retirement ends
 * @param expires when the longest of the route's entries expires
 * @param counting whether the fleet's count of consecutive failures (or stream cuts) runs: a
 *     success on any process then ends it
 * @param accountUntil when the account state ends (an account failure no provider gave an end for)
 */
record RouteSnapshot(
    String route,
    long version,
    long openUntil,
    long step,
    long lastFailure,
    String lease,
    long leaseUntil,
    long coolUntil,
    long retiredUntil,
    long expires,
    boolean counting,
    long accountUntil) {

  private static final int FIELDS = 12;

  /**
   * Parses the wire form: eleven numeric or token lines, then the route.
   *
   * @throws IllegalArgumentException when the text is not a snapshot
   */
  static RouteSnapshot parse(String text) {
    String[] f = text.split("\n", FIELDS);
    if (f.length != FIELDS) {
      throw new IllegalArgumentException(
          "snapshot: " + f.length + " fields (expected: " + FIELDS + ")");
    }
    try {
      return new RouteSnapshot(
          f[11],
          Long.parseLong(f[0]),
          Long.parseLong(f[1]),
          Long.parseLong(f[2]),
          Long.parseLong(f[3]),
          f[4].isEmpty() ? null : f[4],
          Long.parseLong(f[5]),
          Long.parseLong(f[6]),
          Long.parseLong(f[7]),
          Long.parseLong(f[8]),
          "1".equals(f[9]),
          Long.parseLong(f[10]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("snapshot: " + e.getMessage() + " (expected: numbers)", e);
    }
  }

  /** Whether the breaker is open (or half-open) in the fleet. */
  boolean open() {
    return openUntil != 0;
  }
}
