package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Route health is shared across requests: an outage opens the breaker, a probe closes it. */
class FlappingPrimaryIT {

  @Test
  void aPrimaryDownForAWhileIsSkippedThenProbedAndTrafficReturnsToIt() {
    // The breaker's open time runs on a fake ticker moved by the test, not on how fast a loaded
    // machine answers: the requests are 60 ms apart however long each takes.
    AtomicLong nanos = new AtomicLong(1);
    Step down = Step.answer(503, "{\"error\":{\"message\":\"down\"}}");
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(down, down, Step.ok("primary is back"))),
            ServeFixture.generous().sameRouteRetries(0).breaker(2, Duration.ofMillis(500)).build(),
            o -> {},
            b -> b.ticker(nanos::get))) {
      List<String> servedBy = new ArrayList<>();
      List<Integer> primaryCalls = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        HttpResponse<String> r = f.chat("pair");
        assertThat(r.statusCode()).isEqualTo(200);
        servedBy.add(json(r.body()).path("model").asText());
        primaryCalls.add(f.upstream.callCount("alpha/small"));
        nanos.addAndGet(Duration.ofMillis(60).toNanos()); // 20 requests span 1.2 s, past 500 ms
      }

      // The outage: two failures open the breaker; while open, requests go straight to beta.
      assertThat(servedBy.subList(0, 3)).containsOnly("beta/large");
      assertThat(primaryCalls.subList(1, 4)).containsOnly(2);
      // A half-open probe finds alpha healthy, and traffic returns to it for good.
      int back = servedBy.indexOf("alpha/small");
      assertThat(back).isBetween(3, 15);
      assertThat(servedBy.subList(back, 20)).containsOnly("alpha/small");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2 + (20 - back));
    }
  }
}
