package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small soaks: the full one's assertions and its answer count on a few hundred requests. */
class FaultSoakIT {

  /** A soak with command-line {@code options}, its report written under {@code out}. */
  private static Map<String, Object> soak(Path out, String options) throws Exception {
    List<String> args = new ArrayList<>(List.of(options.split(" ")));
    args.addAll(List.of("--out", out.toString()));
    return FaultSoak.run(FaultSoak.Options.parse(args.toArray(String[]::new)));
  }

  /** The report's {@code answers} section. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> answers(Map<String, Object> report) {
    return (Map<String, Object>) report.get("answers");
  }

  @Test
  void everyRequestEndsTypedOnAFreeRouteWithoutLeaksUnderFaults(@TempDir Path out)
      throws Exception {
    Map<String, Object> report =
        soak(
            out,
            // the slack: a deadline that fired late on a loaded build machine is still enforced
            "--requests 300 --concurrency 30 --warmup-requests 60 --deadline-ms 2000"
                + " --deadline-slack-ms 250");
    assertThat(report.get("checks").toString()).doesNotContain("passed=false");
    assertThat(report).containsEntry("passed", true);
    @SuppressWarnings("unchecked")
    Map<Object, Long> actions = (Map<Object, Long>) report.get("upstreamActions");
    assertThat(actions.keySet()).hasSizeGreaterThan(4); // faults were really injected
    Map<String, Object> answers = answers(report);
    assertThat(answers).containsEntry("requests", 300);
    assertThat((Long) answers.get("answered")).isPositive();
  }

  @Test
  void withEveryFreeRouteDownEachRequestEndsInATypedErrorUnderTheCallBound(@TempDir Path out)
      throws Exception {
    Map<String, Object> report =
        soak(
            out,
            "--requests 200 --concurrency 20 --warmup-requests 20 --fault-rate 0 --down-routes 3");
    assertThat(report.get("checks").toString())
        .contains("upstreamLoadBounded")
        .doesNotContain("passed=false");
    Map<String, Object> answers = answers(report);
    assertThat(answers).containsEntry("answered", 0L);
    assertThat(answers.get("byOutcome").toString()).doesNotContain(Answers.NO_ANSWER);
  }
}
