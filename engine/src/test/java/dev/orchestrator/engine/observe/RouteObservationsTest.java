package dev.orchestrator.engine.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RouteObservationsTest {
  private final FakeTime time = new FakeTime();
  private final RouteObservations obs = RouteObservations.create(time, Duration.ofMinutes(1));

  private static AttemptSample ok(String route, long ttftMs, long latencyMs, int tokens) {
    return new AttemptSample(
        route, null, Duration.ofMillis(ttftMs), Duration.ofMillis(latencyMs), tokens, null, null);
  }

  private static AttemptSample failed(String route, FailureCategory c) {
    return new AttemptSample(route, c, null, Duration.ofMillis(5), 0, null, null);
  }

  @Test
  void averagesTimeToFirstTokenAndThroughputOfAnswers() {
    obs.accept(ok("a/m", 100, 1100, 100));
    obs.accept(ok("a/m", 300, 1300, 100));
    RouteFigures f = obs.figures().get("a/m");
    assertThat(f.ttftMs()).isCloseTo(200, within(1e-9));
    assertThat(f.tokensPerSecond()).isCloseTo(100, within(1e-9));
    assertThat(f.successRate()).isEqualTo(1.0);
    assertThat(f.samples()).isCloseTo(2, within(1e-9));
  }

  @Test
  void aStreamDeliveredInOneBurstIsMeasuredOverItsWholeLatencyNotAsMillionsOfTokensPerSecond() {
    // 200 tokens in one SSE event 10 µs after the first visible output: the gap measures the
    // socket, not generation. Counted over the gap it would be 20 million tok/s, and one such
    // answer would outweigh any number of honest ones in the decayed mean.
    for (int i = 0; i < 9; i++) {
      obs.accept(ok("a/m", 500, 2500, 200)); // 100 tok/s, streamed
    }
    obs.accept(
        new AttemptSample(
            "a/m", null, Duration.ofMillis(500), Duration.ofNanos(500_010_000), 200, null, null));
    RouteFigures f = obs.figures().get("a/m");
    // the burst counts as a whole answer: 200 tokens over 0.50001 s
    assertThat(f.tokensPerSecond()).isCloseTo((9 * 100 + 200 / 0.50001) / 10, within(1e-6));

    // and an answer faster than any model generates, even over its whole latency, says nothing
    obs.accept(
        new AttemptSample("b/m", null, Duration.ZERO, Duration.ofNanos(1_000), 500, null, null));
    assertThat(obs.figures().get("b/m").tokensPerSecond()).isNull();
    assertThat(obs.figures().get("b/m").successRate()).isEqualTo(1.0);
  }

  @Test
  void successRateCountsFailuresByCategoryWithAPriorOfOneAnswer() {
    obs.accept(ok("a/m", 10, 10, 1));
    obs.accept(failed("a/m", FailureCategory.RATE_LIMITED));
    obs.accept(failed("a/m", FailureCategory.RATE_LIMITED));
    obs.accept(failed("a/m", FailureCategory.SERVER_ERROR));
    RouteFigures f = obs.figures().get("a/m");
    assertThat(f.successRate()).isCloseTo(2.0 / 5, within(1e-9));
    assertThat(f.failures().get(FailureCategory.RATE_LIMITED)).isCloseTo(2.0 / 5, within(1e-9));
    assertThat(f.failures().get(FailureCategory.SERVER_ERROR)).isCloseTo(1.0 / 5, within(1e-9));
  }

  @Test
  void evidenceHalvesEachHalfLifeSoAnIdleRouteDriftsBackToThePrior() {
    for (int i = 0; i < 8; i++) {
      obs.accept(failed("a/m", FailureCategory.RATE_LIMITED));
    }
    double fresh = obs.figures().get("a/m").successRate();
    time.advance(Duration.ofMinutes(1));
    RouteFigures later = obs.figures().get("a/m");
    assertThat(later.samples()).isCloseTo(4, within(1e-9));
    assertThat(later.successRate()).isCloseTo(1.0 / 5, within(1e-9)).isGreaterThan(fresh);
    time.advance(Duration.ofMinutes(10));
    assertThat(obs.figures().get("a/m").successRate()).isGreaterThan(0.99);
    assertThat(obs.figures().get("a/m").sinceLastMs()).isEqualTo(11 * 60_000);
  }

  @Test
  void toolCallValidityCountsOnlyAnswersThatCalledTools() {
    obs.accept(ok("a/m", 10, 20, 5));
    obs.accept(new AttemptSample("a/m", null, Duration.ZERO, Duration.ofMillis(1), 1, false, null));
    obs.accept(new AttemptSample("a/m", null, Duration.ZERO, Duration.ofMillis(1), 1, false, null));
    obs.accept(new AttemptSample("a/m", null, Duration.ZERO, Duration.ofMillis(1), 1, true, null));
    assertThat(obs.figures().get("a/m").toolCallValidity()).isCloseTo(2.0 / 4, within(1e-9));
  }
}
