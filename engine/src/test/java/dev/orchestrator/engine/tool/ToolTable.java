package dev.orchestrator.engine.tool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The labelled tool-failure tables' rows ({@code sdk-strings.tsv}, {@code agent-strings.tsv},
 * {@code reported.tsv}): tab-separated kind, {@code never_ran} or {@code may_have_run}, HTTP status
 * (empty when none), source, message ({@code \n} stands for a line break, {@code \\} for a
 * backslash). Each is read as a non-idempotent call's failure.
 */
final class ToolTable {
  private ToolTable() {}

  /** One labelled failure. */
  record Row(
      ToolFailureKind kind, boolean mayHaveRun, Integer status, String source, String message) {

    /** The classifier's decision for this failure of a non-idempotent call. */
    ToolDecision decide() {
      return ToolFailureClassifier.INSTANCE.classify(
          ToolFailureEvidence.of(false).withStatus(status).withMessage(message));
    }

    /** Whether the classifier reads it as its labelled kind. */
    boolean readAsItsKind() {
      return decide().observedKind() == kind;
    }

    /** In the held-out fifth: the first byte of SHA-256(source|message) divisible by 5. */
    boolean heldOut() {
      try {
        byte[] d =
            MessageDigest.getInstance("SHA-256")
                .digest((source + "|" + message).getBytes(StandardCharsets.UTF_8));
        return (d[0] & 0xff) % 5 == 0;
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** The rows of the class-path table {@code resource}. */
  static List<Row> rows(String resource) {
    return TsvTable.read(resource).stream()
        .map(
            f ->
                new Row(
                    ToolFailureKind.fromWireName(f[0]),
                    "may_have_run".equals(f[1]),
                    f[2].isEmpty() ? null : Integer.valueOf(f[2]),
                    f[3],
                    unescaped(f[4])))
        .toList();
  }

  /** The shares of a table's held-out fifth and of its other four fifths read as their kind. */
  record Shares(double heldOut, double rest) {}

  /** The shares of {@code rows}' held-out fifth and of the rest, printed with {@code what}. */
  static Shares heldOutAndRest(String what, List<Row> rows) {
    return new Shares(
        share(what + ", held-out fifth", rows.stream().filter(Row::heldOut).toList()),
        share(what + ", rules part", rows.stream().filter(r -> !r.heldOut()).toList()));
  }

  /**
   * How many of {@code rows} may have run and are yet handed to another agent as safe to retry
   * (read as a tool never reached), printed with {@code what}.
   */
  static long handedOnAsNeverRan(String what, List<Row> rows) {
    long handedOn =
        rows.stream()
            .filter(Row::mayHaveRun)
            .map(Row::decide)
            .filter(d -> d.action() == ToolAction.FAILOVER_AGENT && d.retrySafe())
            .count();
    System.out.printf("%s that may have run, handed on as safe to retry: %d%n", what, handedOn);
    return handedOn;
  }

  /** The share of {@code rows} read as their kind, printed with {@code what}. */
  static double share(String what, List<Row> rows) {
    long right = rows.stream().filter(Row::readAsItsKind).count();
    System.out.printf(
        "%s read as their kind: %d/%d (%.1f %%)%n",
        what, right, rows.size(), 100.0 * right / rows.size());
    return (double) right / rows.size();
  }

  // "\n" stands for a line break and "\\" for a backslash.
  private static String unescaped(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        out.append(n == 'n' ? '\n' : n);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
