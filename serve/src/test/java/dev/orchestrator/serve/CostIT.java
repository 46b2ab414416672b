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
 * gamma/unpriced has no input price, gamma/cached is $1 in / $2 out with cache reads at $0.1 per
 * Mtok, gamma/written is gamma/cached with cache writes at $1.25 per Mtok (an OpenRouter-shaped
 * usage: 800 of the 1000 prompt tokens read from the cache, 100 written to it — 100 × $1 + 800 ×
 * $0.1 + 100 × $1.25 + 500 × $2 = $0.001305, where the writes at the input price made $0.00128).
 * Streamed answers carry the same number in their usage chunk. A route that reports no usage ("-")
 * gets none made up: the answer has no {@code usage}, its usage chunk {@code "usage": null}, and
 * the header and the trace still say the cost ({@code 0} on a free route).
 */
class CostIT {
  @ParameterizedTest(name = "{0} prompt={1} completion={2} → {3}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          gamma/priced,   1000, 500, 0.002,  0.002
          gamma/cached,   1000, 500, 0.00128, 0.00128
          gamma/cached,   1000, 0,   0.00028, 0.00028
          gamma/written,  1000, 500, 0.001305, 0.001305
          gamma/priced,   1,    0,   0.000001, 0.000001
          alpha/small,    1000, 500, 0,      0
          gamma/unpriced, 1000, 500, -,      unknown
          gamma/priced,   -,    -,   -,      unknown
          alpha/small,    -,    -,   0,      0
          """)
  void costOnTheWireEqualsThePriceTable(
      String model, Integer prompt, Integer completion, String cost, String header) {
    try (ServeFixture f = start(model, prompt, completion)) {
      HttpResponse<String> r = f.chat(model);

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode usageCost = json(r.body()).path("usage").path("cost");
      if (prompt == null) {
        assertThat(json(r.body()).has("usage")).as("no usage: %s", r.body()).isFalse();
      } else if (cost == null) {
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

  @ParameterizedTest(name = "streamed {0} prompt={1} completion={2} → {3}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          gamma/priced,   1000, 500, 0.002
          gamma/cached,   1000, 500, 0.00128
          gamma/written,  1000, 500, 0.001305
          alpha/small,    1000, 500, 0
          gamma/unpriced, 1000, 500, -
          gamma/priced,   -,    -,   -
          alpha/small,    -,    -,   0
          """)
  void aStreamedUsageChunkCarriesTheSameCost(
      String model, Integer prompt, Integer completion, String cost) {
    try (ServeFixture f = start(model, prompt, completion)) {
      ServeFixture.Sse s = f.stream(model, "\"stream_options\":{\"include_usage\":true}");

      JsonNode chunk = json(s.data.get(s.data.size() - 2));
      assertThat(chunk.path("choices").isEmpty()).as("the usage chunk: %s", chunk).isTrue();
      JsonNode usage = chunk.path("usage");
      if (prompt == null) {
        assertThat(usage.isNull()).as("usage is null: %s", chunk).isTrue();
      } else {
        assertThat(usage.path("prompt_tokens").asInt()).isEqualTo(prompt);
        if (cost == null) {
          assertThat(usage.path("cost").isNull()).as("usage.cost is null: %s", usage).isTrue();
        } else {
          assertThat(usage.path("cost").decimalValue()).isEqualByComparingTo(cost);
        }
      }
    }
  }

  /** A server whose {@code model} answers with this usage (800 of the prompt tokens cached). */
  private static ServeFixture start(String model, Integer prompt, Integer completion) {
    Step step = Step.ok("answer");
    if (prompt != null) {
      Map<String, Object> usage = new LinkedHashMap<>();
      usage.put("prompt_tokens", prompt);
      usage.put("completion_tokens", completion);
      usage.put("total_tokens", prompt + completion);
      if (model.equals("gamma/cached")) {
        usage.put("prompt_tokens_details", Map.of("cached_tokens", 800));
      }
      if (model.equals("gamma/written")) {
        usage.put("prompt_tokens_details", Map.of("cached_tokens", 800, "cache_write_tokens", 100));
      }
      step = step.withUsage(usage);
    }
    return ServeFixture.start(
        Map.of(model, List.of(step)),
        o -> {},
        (upstream, b) ->
            b.catalog(
                ServeFixture.catalog(upstream).toBuilder()
                    .route(
                        Route.builder("gamma", "unpriced")
                            .prices(null, BigDecimal.valueOf(2))
                            .contextWindow(128_000)
                            .build())
                    .route(
                        Route.builder("gamma", "cached")
                            .prices(BigDecimal.ONE, BigDecimal.valueOf(2))
                            .cacheReadPrice(new BigDecimal("0.1"))
                            .contextWindow(128_000)
                            .build())
                    .route(
                        Route.builder("gamma", "written")
                            .prices(BigDecimal.ONE, BigDecimal.valueOf(2))
                            .cacheReadPrice(new BigDecimal("0.1"))
                            .cacheWritePrice(new BigDecimal("1.25"))
                            .contextWindow(128_000)
                            .build())
                    .build()));
  }
}
