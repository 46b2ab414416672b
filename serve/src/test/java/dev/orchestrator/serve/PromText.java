package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Reads values out of a Prometheus text scrape, and runs {@code promtool check metrics} on it. */
final class PromText {
  private PromText() {}

  /** The value of the sample {@code name} whose labels include {@code labels}; 0 when absent. */
  static double value(String scrape, String name, Map<String, String> labels) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith("#") || !(line.startsWith(name + "{") || line.startsWith(name + " "))) {
        continue;
      }
      String labelPart =
          line.contains("{") ? line.substring(line.indexOf('{'), line.lastIndexOf('}') + 1) : "";
      boolean all =
          labels.entrySet().stream()
              .allMatch(e -> labelPart.contains(e.getKey() + "=\"" + e.getValue() + "\""));
      if (all) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return 0;
  }

  /**
   * Runs {@code promtool check metrics} on {@code scrape} and asserts it passes. Skips when
   * promtool is not installed, except under {@code CI=true}, where its absence fails the test.
   */
  static void assertPromtoolAccepts(String scrape, Path dir)
      throws IOException, InterruptedException {
    Path in = dir.resolve("scrape.prom");
    Files.writeString(in, scrape, StandardCharsets.UTF_8);
    assertPromtoolPasses(dir, in, "check", "metrics");
  }

  /**
   * Runs {@code promtool check rules} on {@code exprs}, each as a recording rule, and asserts it
   * passes: every expression is valid PromQL. Skips like {@link #assertPromtoolAccepts}.
   */
  static void assertPromtoolAcceptsExpressions(List<String> exprs, Path dir)
      throws IOException, InterruptedException {
    StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
    for (int i = 0; i < exprs.size(); i++) {
      rules
          .append("      - record: dashboard:expr_")
          .append(i)
          .append("\n        expr: '")
          .append(exprs.get(i).replace("'", "''"))
          .append("'\n");
    }
    Path in = dir.resolve("dashboard-rules.yml");
    Files.writeString(in, rules, StandardCharsets.UTF_8);
    assertPromtoolPasses(dir, null, "check", "rules", in.toString());
  }

  /**
   * Runs promtool with {@code args} (and {@code stdin} as its input, when given) and asserts it
   * exits 0, its output in the message. Skips when promtool is not installed, except under {@code
   * CI=true}.
   */
  private static void assertPromtoolPasses(Path dir, Path stdin, String... args)
      throws IOException, InterruptedException {
    Path promtool = findPromtool();
    if (promtool == null) {
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError(
            "promtool is not installed (CI=true): apt-get install -y prometheus");
      }
      Assumptions.abort(
          "promtool not found on PATH: apt-get install -y prometheus to run this check");
    }
    List<String> command = new ArrayList<>();
    command.add(promtool.toString());
    command.addAll(List.of(args));
    ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
    if (stdin != null) {
      b.redirectInput(stdin.toFile());
    }
    Path out = dir.resolve("promtool-" + args[1] + ".out");
    Process p = b.redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("promtool finished").isTrue();
    assertThat(p.exitValue())
        .as(
            "promtool %s: %s",
            String.join(" ", args), Files.readString(out, StandardCharsets.UTF_8))
        .isZero();
  }

  private static Path findPromtool() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String d : path.split(java.io.File.pathSeparator)) {
      Path c = Path.of(d, "promtool");
      if (Files.isExecutable(c)) {
        return c;
      }
    }
    return null;
  }
}
