package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@code /readyz} lists each failing condition; {@code /healthz} stays liveness only. */
class ReadinessIT {
  private static String reason(JsonNode ready, String check) {
    for (JsonNode c : ready.path("failing")) {
      if (c.path("check").asText().equals(check)) {
        return c.path("reason").asText();
      }
    }
    return null;
  }

  @Test
  void notReadyWhileNoVirtualModelCandidateHasCredentialsNamingTheVariables() {
    try (ServeFixture f =
        ServeFixture.start(Map.of(), o -> {}, (u, b) -> b.credentials(Credentials.of(Map.of())))) {
      HttpResponse<String> r = f.get("/readyz");

      assertThat(r.statusCode()).isEqualTo(503);
      JsonNode ready = json(r.body());
      assertThat(ready.path("status").asText()).isEqualTo("not_ready");
      assertThat(reason(ready, "credentials"))
          .isEqualTo(
              "no candidate of orchestrator/free or orchestrator/auto has credentials (set one of:"
                  + " SIM_KEY)");
      assertThat(ready.at("/credentials/missingVariables/0").asText()).isEqualTo("SIM_KEY");
      assertThat(f.server.missingKeyVariables()).containsExactly("SIM_KEY");
      assertThat(f.get("/healthz").statusCode()).isEqualTo(200);
      // the access log says what the status says
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 2)).isTrue();
      assertThat(f.accessLog.get(0))
          .contains("\"path\":\"/readyz\",\"status\":503,\"outcome\":\"not_ready\"");
      assertThat(f.accessLog.get(1)).contains("\"status\":200,\"outcome\":\"success\"");
    }
  }

  @Test
  void readyWithCredentialsEvenWhileEveryRouteIsCoolingDown() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      f.server
          .catalog()
          .current()
          .routes()
          .forEach(rt -> f.server.orchestrator().health().coolDown(rt.id(), Duration.ofMinutes(5)));
      HttpResponse<String> r = f.get("/readyz");

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode ready = json(r.body());
      assertThat(ready.path("failing").size()).isZero();
      assertThat(ready.at("/health/coolingDown").asInt()).isEqualTo(4);
      assertThat(f.server.missingKeyVariables()).isEmpty();
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 1)).isTrue();
      assertThat(f.accessLog.get(0)).contains("\"status\":200,\"outcome\":\"success\"");
    }
  }

  @Test
  void everyFailingConditionIsListedIncludingAddedChecks() {
    FakeTime time = new FakeTime();
    Clock clock = time.clock(Instant.parse("2026-12-01T08:00:00Z"));
    AtomicBoolean storeUp = new AtomicBoolean(true);
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(),
            o -> o.maxCatalogAge(Duration.ofSeconds(60)),
            (u, b) ->
                b.credentials(Credentials.of(Map.of()))
                    .clock(clock)
                    .readinessCheck(
                        ReadinessCheck.of(
                            "health_store",
                            () ->
                                storeUp.get()
                                    ? Optional.empty()
                                    : Optional.of("redis://store:6379 unreachable"))))) {
      time.advance(Duration.ofSeconds(61));
      storeUp.set(false);
      JsonNode ready = json(f.get("/readyz").body());

      assertThat(ready.path("failing").findValuesAsText("check"))
          .containsExactly("credentials", "catalog_age", "health_store");
      assertThat(reason(ready, "catalog_age"))
          .isEqualTo("the catalog is 61 s old (expected: at most 60 s)");
      assertThat(reason(ready, "health_store")).isEqualTo("redis://store:6379 unreachable");
    }
  }
}
