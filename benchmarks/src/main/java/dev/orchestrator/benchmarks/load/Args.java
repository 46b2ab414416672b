package dev.orchestrator.benchmarks.load;

import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/** Option parsing shared by the harness mains. */
final class Args {
  private Args() {}

  /**
   * Hands each {@code --name value} pair of {@code args} to {@code option}, in order; a name in
   * {@code flags} stands alone and is handed {@code "true"}.
   */
  static void each(String[] args, Set<String> flags, BiConsumer<String, String> option) {
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (flags.contains(name)) {
        option.accept(name, "true");
      } else if (i + 1 < args.length) {
        option.accept(name, args[++i]);
      } else {
        throw new IllegalArgumentException(name + ": missing value");
      }
    }
  }

  /** The error for an option no harness knows. */
  static IllegalArgumentException unknown(String name) {
    return new IllegalArgumentException("unknown option: " + name);
  }

  /** A whole number within {@code min..max}, or an error naming the option and the range. */
  static long bounded(String name, String v, long min, long max) {
    long n = Long.parseLong(v.trim());
    if (n < min || n > max) {
      throw new IllegalArgumentException(name + ": " + n + " (expected: " + min + ".." + max + ")");
    }
    return n;
  }

  /** A number within {@code 0..1}, or an error naming the option. */
  static double fraction(String name, String v) {
    double d = Double.parseDouble(v);
    if (!(d >= 0 && d <= 1)) {
      throw new IllegalArgumentException(name + ": " + v + " (expected: 0..1)");
    }
    return d;
  }

  /**
   * {@code v} when it is one of {@code allowed}, else an error naming the option and the choices.
   */
  static String oneOf(String name, String v, String... allowed) {
    if (!List.of(allowed).contains(v)) {
      throw new IllegalArgumentException(
          name + ": " + v + " (expected: " + String.join(" or ", allowed) + ")");
    }
    return v;
  }

  /** Whitespace-separated words (JVM options), empty for a blank value. */
  static List<String> words(String v) {
    return v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
  }
}
