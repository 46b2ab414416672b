package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Several keys through {@code serve} (docs/design.md §5): {@code /readyz} counts them per provider,
 * and once the upstream's headers say every key is spent, a request is answered {@code 429} without
 * being sent upstream.
 */
class SeveralKeysServeIT {
  private static final Map<String, String> SPENT =
      Map.of(
          "x-ratelimit-limit-requests", "10",
          "x-ratelimit-remaining-requests", "0",
          "x-ratelimit-reset-requests", "24h0m0s");

  private static Catalog twoKeys(Catalog plain) {
    Catalog.Builder b = plain.toBuilder();
    Provider alpha = plain.provider("alpha").orElseThrow();
    b.provider(
        alpha.withKeys(
            List.of(
                new ApiKey("one", List.of("SIM_KEY_ONE"), 1, null),
                new ApiKey("two", List.of("SIM_KEY_TWO"), 1, null)),
            null));
    return b.build();
  }

  @Test
  void readyzCountsKeysAndSpentKeysAreNotSentTo() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("hello").withHeaders(SPENT))),
            u -> twoKeys(ServeFixture.catalog(u)))) {
      JsonNode before = json(f.get("/readyz").body());
      assertThat(before.at("/credentials/keys/alpha").toString())
          .isEqualTo("{\"keys\":2,\"set\":2,\"available\":2}");
      assertThat(before.at("/credentials/keys/beta/keys").asInt()).isEqualTo(1);

      String body = ServeFixture.body("alpha/small", false, "");
      assertThat(f.post(body).statusCode()).isEqualTo(200);
      assertThat(f.post(body).statusCode()).isEqualTo(200);
      HttpResponse<String> refused = f.post(body);

      assertThat(refused.statusCode()).isEqualTo(429);
      assertThat(refused.headers().firstValue("retry-after")).isPresent();
      assertThat(json(refused.body()).at("/error/message").asText())
          .contains("key 'one' requests_exhausted", "key 'two' requests_exhausted");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
      assertThat(json(f.get("/readyz").body()).at("/credentials/keys/alpha/available").asInt())
          .isZero();
    }
  }
}
