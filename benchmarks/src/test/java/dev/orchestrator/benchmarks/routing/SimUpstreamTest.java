package dev.orchestrator.benchmarks.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark's upstreams enforce their limits and cache prompts on the simulated clock. */
class SimUpstreamTest {
  private static final String BODY =
      "{\"model\":\"m\",\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},"
          + "{\"role\":\"user\",\"content\":\"hello there\"}]}";

  private static HttpResponse<String> post(HttpClient http, SimUpstream up) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(up.baseUrl("a") + "/chat/completions"))
            .header("Authorization", "Bearer k1")
            .POST(HttpRequest.BodyPublishers.ofString(BODY))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aKeyOverItsRequestsPerMinuteGetsARealRateLimitAnswerUntilItsBucketRefills()
      throws Exception {
    SimClock clock = new SimClock();
    RouteSpec spec = new RouteSpec("a", "1", "2", "0.1", 1000, 100, 100, 2, 100, true, 0, 0);
    HttpClient http = HttpClient.newHttpClient();
    try (SimUpstream up = new SimUpstream(List.of(spec), clock, 1)) {
      clock.start(0);
      HttpResponse<String> first = post(http, up);
      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(first.headers().firstValue("x-ratelimit-remaining-requests")).hasValue("1");
      assertThat(clock.elapsed()).isGreaterThan(Duration.ofMillis(50).toNanos());
      HttpResponse<String> second = post(http, up);
      JsonNode usage = new ObjectMapper().readTree(second.body()).get("usage");
      assertThat(usage.path("prompt_tokens_details").path("cached_tokens").asInt())
          .isEqualTo(usage.get("prompt_tokens").asInt());
      HttpResponse<String> third = post(http, up);
      assertThat(third.statusCode()).isEqualTo(429);
      assertThat(third.headers().firstValue("x-ratelimit-remaining-requests")).hasValue("0");
      assertThat(third.headers().firstValue("retry-after")).isPresent();
      assertThat(third.body()).contains("rate_limit_exceeded");
      // Two a minute: one request is back 30 s after the bucket ran dry.
      clock.start(Duration.ofSeconds(31).toNanos());
      assertThat(post(http, up).statusCode()).isEqualTo(200);
      assertThat(up.rateLimited()).isEqualTo(1);
    }
  }
}
