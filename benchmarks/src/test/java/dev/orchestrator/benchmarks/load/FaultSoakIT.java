package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small soaks: the full one's assertions and its answer count on a few hundred requests. */
class FaultSoakIT {

  @Test
  void everyRequestEndsTypedOnAFreeRouteWithoutLeaksUnderFaults(@TempDir Path out)
      throws Exception {
    Map<String, Object> report =
        FaultSoak.run(
            FaultSoak.Options.parse(
                "--requests", "300",
                "--concurrency", "30",
                "--warmup-requests", "60",
                "--deadline-ms", "2000",
                "--out", out.toString()));
    assertThat(report.get("checks").toString()).doesNotContain("passed=false");
    assertThat(report).containsEntry("passed", true);
    @SuppressWarnings("unchecked")
    Map<Object, Long> actions = (Map<Object, Long>) report.get("upstreamActions");
    assertThat(actions.keySet()).hasSizeGreaterThan(4); // faults were really injected
    @SuppressWarnings("unchecked")
    Map<String, Object> answers = (Map<String, Object>) report.get("answers");
    assertThat(answers).containsEntry("requests", 300);
    assertThat((Long) answers.get("answered")).isPositive();
  }

  @Test
  void withEveryFreeRouteDownEachRequestEndsInATypedErrorUnderTheCallBound(@TempDir Path out)
      throws Exception {
    Map<String, Object> report =
        FaultSoak.run(
            FaultSoak.Options.parse(
                "--requests", "200",
                "--concurrency", "20",
                "--warmup-requests", "20",
                "--fault-rate", "0",
                "--down-routes", "3",
                "--out", out.toString()));
    assertThat(report.get("checks").toString())
        .contains("upstreamLoadBounded")
        .doesNotContain("passed=false");
    @SuppressWarnings("unchecked")
    Map<String, Object> answers = (Map<String, Object>) report.get("answers");
    assertThat(answers).containsEntry("answered", 0L);
    assertThat(answers.get("byOutcome").toString()).doesNotContain(Answers.NO_ANSWER);
  }
}
