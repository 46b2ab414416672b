package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A very short run of each target: the harness measures what it says, without errors. */
class LoadHarnessIT {

  @Test
  void rawAndInProcessTargetsAnswerEveryCallStreamingOrNot() throws Exception {
    try (LoopbackUpstream upstream = LoopbackUpstream.start();
        HttpTarget raw =
            new HttpTarget(
                "raw",
                URI.create(upstream.baseUrl("bench-a") + "/chat/completions"),
                Map.of(),
                Bodies.MODEL,
                Duration.ofSeconds(5));
        InProcessTarget inProcess = new InProcessTarget(upstream)) {
      for (Target t : List.of(raw, inProcess)) {
        for (boolean stream : new boolean[] {false, true}) {
          t.call(stream, new Target.Probe()); // one answer before measuring, as the harness does
          Runner.Cell c = Runner.run(t, 2, stream, 50, 300);
          assertThat(c.errors()).as(t.name() + " errors: " + c.firstError()).isZero();
          assertThat(c.ok()).isPositive();
          assertThat(c.p50()).isPositive().isLessThanOrEqualTo(c.p99());
          if (stream) {
            assertThat(c.ttftP50()).isPositive().isLessThanOrEqualTo(c.p50());
          }
        }
      }
      assertThat(upstream.callsByRoute()).containsKeys("bench-a/bench-model");
    }
  }

  @Test
  void comparesEveryTargetWithTheRawBaselineAndThePeer() {
    List<Runner.Cell> cells =
        List.of(
            cell("raw", 100, 200, 1000),
            cell("in-process", 110, 230, 900),
            cell("portkey", 1100, 2200, 100));
    List<Map<String, Object>> rows = Report.compare(cells);
    Map<String, Object> ours = rows.get(0);
    assertThat(ours)
        .containsEntry("target", "in-process")
        .containsEntry("addedP50Us", 10.0)
        .containsEntry("addedP50Pct", 10.0)
        .containsEntry("addedP99Us", 30.0)
        .containsEntry("throughputVsRaw", 0.9)
        .containsEntry("addedP99VsPortkey", 0.015)
        .containsEntry("throughputVsPortkey", 9.0);
    assertThat(Report.markdown(rows)).contains("| 16 | in-process |").contains("Against Portkey");
  }

  private static Runner.Cell cell(String target, double p50, double p99, long okPerSecond) {
    return new Runner.Cell(
        target, false, 16, okPerSecond, 0, 1.0, p50, p99, p99, p99, 0, 0, null, 0, 0, 0);
  }
}
