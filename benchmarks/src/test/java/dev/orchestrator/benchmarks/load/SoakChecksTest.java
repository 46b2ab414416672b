package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hard-down checks of the fault soak, on recorded call times. */
class SoakChecksTest {
  private static final long S = 1_000_000_000L;

  @Test
  void callsAreCountedPerWindowFromTheFirstCallToTheEnd() {
    List<Long> times = List.of(10 * S, 10 * S + 5, 10 * S + S / 2, 11 * S + 1, 13 * S + 2);
    assertThat(FaultSoak.perWindow(times, 15 * S, S)).containsExactly(3L, 1L, 0L, 1L, 0L);
    assertThat(FaultSoak.perWindow(List.of(), 15 * S, S)).isEmpty();
  }

  @Test
  void aDownRouteIsIsolatedWhenEverySecondAfterTheFirstHoldsAtMostTheProbes() {
    // The first second (the breaker tripping) may hold many calls; later seconds only probes.
    List<Long> tripping = List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, S + 1, 3 * S + 1, 3 * S + 2);
    assertThat(FaultSoak.isolated(Map.of("free-a/m", tripping), 5 * S, 2).passed()).isTrue();
    FaultSoak.Check leaking = FaultSoak.isolated(Map.of("free-a/m", tripping), 5 * S, 1);
    assertThat(leaking.passed()).isFalse();
    assertThat(leaking.detail())
        .contains("free-a/m: 11 calls")
        .contains("most after the first second 2");
  }

  @Test
  void theCallBoundIsOneCallPerRoutePlusWhatTheRetryBudgetAllows() {
    OrchestratorPolicy p =
        OrchestratorPolicy.builder().retryBudget(0.2, 10, Duration.ofSeconds(10)).build();
    // 5 s touches at most 2 windows of 10 s (+1 for the window in which the run started).
    assertThat(FaultSoak.callBound(3, p, 1000, 5 * S)).isEqualTo(3 + 0.2 + 10.0 * 2 / 1000);
    assertThat(FaultSoak.callBound(3, p, 1000, 25 * S)).isEqualTo(3 + 0.2 + 10.0 * 4 / 1000);
  }
}
