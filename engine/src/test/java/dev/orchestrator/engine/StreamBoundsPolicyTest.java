package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The stream's memory bounds are policy values, validated, and reach every attempt's client. */
class StreamBoundsPolicyTest {
  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
          0,  1, 1, 'maxEventBytes: 0 (expected: >= 16)'
          15, 1, 1, 'maxEventBytes: 15 (expected: >= 16)'
          16, 0, 1, 'maxResponseBytes: 0 (expected: > 0)'
          16, 1, -1, 'maxToolArgumentBytes: -1 (expected: > 0)'
          """)
  void rejectsABoundOutsideItsRangeNamingIt(
      long event, long response, long toolArgs, String message) {
    assertThatThrownBy(() -> new StreamBounds(event, response, toolArgs))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void theDefaultsAreSafeAndBounded() {
    StreamBounds d = OrchestratorPolicy.defaults().streamBounds();
    assertThat(d).isEqualTo(StreamBounds.DEFAULTS);
    assertThat(d.maxEventBytes()).isEqualTo(8L << 20);
    assertThat(d.maxResponseBytes()).isEqualTo(32L << 20);
    assertThat(d.maxToolArgumentBytes()).isEqualTo(4L << 20);
  }

  @Test
  void everyAttemptCarriesThePolicysBoundsToTheClient() {
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    StreamBounds bounds = new StreamBounds(1024, 4096, 100);
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(Catalogs.of(Catalogs.priced("a", "m", 1000)))
            .providers(ProviderClients.single(client))
            .credentials(Credentials.constant("k"))
            .policy(OrchestratorPolicy.builder().streamBounds(bounds).build())
            .ticker(time)
            .sleeper(time)
            .build();
    o.chat(ChatRequest.builder("a/m").user("hi").build());
    assertThat(client.callDetails())
        .singleElement()
        .satisfies(c -> assertThat(c.limits().bounds()).isEqualTo(bounds));
  }
}
