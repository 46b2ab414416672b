package dev.orchestrator.benchmarks.load;

import java.util.List;

/** Option-value parsing shared by the harness mains. */
final class Args {
  private Args() {}

  /** A whole number within {@code min..max}, or an error naming the option and the range. */
  static long bounded(String name, String v, long min, long max) {
    long n = Long.parseLong(v.trim());
    if (n < min || n > max) {
      throw new IllegalArgumentException(name + ": " + n + " (expected: " + min + ".." + max + ")");
    }
    return n;
  }

  /** Whitespace-separated words (JVM options), empty for a blank value. */
  static List<String> words(String v) {
    return v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
  }
}
