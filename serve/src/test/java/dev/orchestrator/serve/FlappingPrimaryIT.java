package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Route health is shared across requests: an outage opens the breaker, a probe closes it. */
class FlappingPrimaryIT {

  @Test
  void aPrimaryDownForAWhileIsSkippedThenProbedAndTrafficReturnsToIt() throws Exception {
    Step down = Step.answer(503, "{\"error\":{\"message\":\"down\"}}");
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(down, down, Step.ok("primary is back"))),
            ServeFixture.policy().sameRouteRetries(0).breaker(2, Duration.ofMillis(500)).build(),
            o -> {})) {
      List<String> servedBy = new ArrayList<>();
      List<Integer> primaryCalls = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        HttpResponse<String> r = f.chat("pair");
        assertThat(r.statusCode()).isEqualTo(200);
        servedBy.add(json(r.body()).path("model").asText());
        primaryCalls.add(f.upstream.callCount("alpha/small"));
        Thread.sleep(60); // 20 requests span over 1.2 s, well past the 500 ms open period
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
