package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.providers.simulation.Step;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code usage.cost} and {@code x-orchestrator-cost-usd} through serve equal the price table
 * ({@code CostCalculatorTest}): gamma/priced is $1 in / $2 out per Mtok, alpha/small is free,
 * gamma/unpriced has no input price. (Cached-token rows stay in the engine's table: the wire usage
 * carries cached tokens only once the engine's {@code Usage} does.)
 */
class CostIT {
  @ParameterizedTest(name = "{0} prompt={1} completion={2} → {3}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          gamma/priced,   1000, 500, 0.002,  0.002
          gamma/priced,   1,    0,   0.000001, 0.000001
          alpha/small,    1000, 500, 0,      0
          gamma/unpriced, 1000, 500, -,      unknown
          gamma/priced,   -,    -,   -,      unknown
          alpha/small,    -,    -,   0,      0
          """)
  void costOnTheWireEqualsThePriceTable(
      String model, Integer prompt, Integer completion, String cost, String header) {
    Step step = Step.ok("answer");
    if (prompt != null) {
      Map<String, Object> usage = new LinkedHashMap<>();
      usage.put("prompt_tokens", prompt);
      usage.put("completion_tokens", completion);
      usage.put("total_tokens", prompt + completion);
      step = step.withUsage(usage);
    }
    Map<String, List<Step>> scripts = Map.of(model, List.of(step));
    try (ServeFixture f =
        ServeFixture.start(
            scripts,
            o -> {},
            (upstream, b) ->
                b.catalog(
                    ServeFixture.catalog(upstream).toBuilder()
                        .route(
                            Route.builder("gamma", "unpriced")
                                .prices(null, BigDecimal.valueOf(2))
                                .contextWindow(128_000)
                                .build())
                        .build()))) {
      HttpResponse<String> r = f.chat(model);

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode usageCost = json(r.body()).path("usage").path("cost");
      if (cost == null) {
        assertThat(usageCost.isNull()).as("usage.cost is null: %s", r.body()).isTrue();
      } else {
        assertThat(usageCost.decimalValue()).isEqualByComparingTo(cost);
      }
      assertThat(r.headers().firstValue("x-orchestrator-cost-usd")).hasValue(header);
      assertThat(f.traces)
          .singleElement()
          .satisfies(
              t -> {
                if (cost == null) {
                  assertThat(t.costUsd()).isNull();
                } else {
                  assertThat(t.costUsd()).isEqualByComparingTo(cost);
                }
              });
    }
  }
}
