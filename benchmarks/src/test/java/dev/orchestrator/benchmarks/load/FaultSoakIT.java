package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small soak: every assertion of the full one holds on 300 requests at 30 callers. */
class FaultSoakIT {

  @Test
  void everyRequestEndsTypedOnAFreeRouteWithoutLeaksUnderFaults(@TempDir Path out)
      throws Exception {
    FaultSoak.Options o =
        FaultSoak.Options.parse(
            "--requests", "300",
            "--concurrency", "30",
            "--warmup-requests", "60",
            "--deadline-ms", "2000",
            "--out", out.toString());
    Map<String, Object> report = FaultSoak.run(o);
    assertThat(report.get("checks").toString()).doesNotContain("passed=false");
    assertThat(report).containsEntry("passed", true);
    @SuppressWarnings("unchecked")
    Map<Object, Long> actions = (Map<Object, Long>) report.get("upstreamActions");
    assertThat(actions.keySet()).hasSizeGreaterThan(4); // faults were really injected
  }
}
