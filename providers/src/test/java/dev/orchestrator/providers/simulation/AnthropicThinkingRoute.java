package dev.orchestrator.providers.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One Anthropic route ({@link #ROUTE}) on the scripted upstream whose first answer has a signed
 * thinking block, a redacted one and text, and whose second is plain: for the frameworks' tests
 * that an answer's thinking survives their conversation and is replayed as it was signed.
 */
public final class AnthropicThinkingRoute implements AutoCloseable {
  /** The route. */
  public static final String ROUTE = "claude/sonnet";

  /** The first answer's thinking text, its signature, the redacted data, and its text. */
  public static final String THINKING = "Consider Oslo.";

  /** The signature of {@link #THINKING}. */
  public static final String SIGNATURE = "sig-A1";

  /** The data of the redacted block. */
  public static final String REDACTED = "enc-B2";

  /** The first answer's text. */
  public static final String TEXT = "Oslo it is.";

  private static final String ANSWER =
      """
      {"id":"msg_t1","type":"message","role":"assistant","model":"sonnet",
       "content":[{"type":"thinking","thinking":"%s","signature":"%s"},
                  {"type":"redacted_thinking","data":"%s"},
                  {"type":"text","text":"%s"}],
       "stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":7}}"""
          .formatted(THINKING, SIGNATURE, REDACTED, TEXT);

  private final ScriptedUpstream upstream;
  private final TaskOrchestrator orchestrator;

  private AnthropicThinkingRoute() {
    upstream =
        ScriptedUpstream.start(Map.of(ROUTE, List.of(Step.answer(200, ANSWER), Step.ok("Yes."))));
    orchestrator = orchestrator(upstream);
  }

  /**
   * An orchestrator whose one route, {@link #ROUTE} (free, a 200,000-token window, with {@code
   * capabilities}), is on {@code upstream}: for a test that scripts its own Anthropic answers.
   */
  public static TaskOrchestrator orchestrator(
      ScriptedUpstream upstream, Capability... capabilities) {
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    return TaskOrchestrator.builder()
        .catalog(
            Catalog.builder()
                .provider(
                    Provider.of(
                        "claude",
                        upstream.baseUrl("claude"),
                        Protocol.ANTHROPIC_MESSAGES,
                        List.of("SIM_KEY")))
                .route(
                    Route.builder("claude", "sonnet")
                        .tier(Tier.FREE)
                        .contextWindow(200_000)
                        .capabilities(capabilities)
                        .build())
                .build())
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(OrchestratorPolicy.builder().deadline(Duration.ofSeconds(30)).build())
        .build();
  }

  /** Starts the upstream and builds the orchestrator over it. */
  public static AnthropicThinkingRoute start() {
    return new AnthropicThinkingRoute();
  }

  /** The orchestrator whose only route is {@link #ROUTE}. */
  public TaskOrchestrator orchestrator() {
    return orchestrator;
  }

  /**
   * Asserts that the second request replayed the first answer as the route gave it: the signed
   * thinking block, the redacted one, then the text.
   */
  public void assertReplayedAsSigned() throws IOException {
    JsonNode replayed =
        new ObjectMapper().readTree(upstream.received().get(1).body()).at("/messages/1/content");
    assertThat(replayed.at("/0/type").asText()).isEqualTo("thinking");
    assertThat(replayed.at("/0/thinking").asText()).isEqualTo(THINKING);
    assertThat(replayed.at("/0/signature").asText()).isEqualTo(SIGNATURE);
    assertThat(replayed.at("/1/type").asText()).isEqualTo("redacted_thinking");
    assertThat(replayed.at("/1/data").asText()).isEqualTo(REDACTED);
    assertThat(replayed.at("/2/text").asText()).isEqualTo(TEXT);
  }

  @Override
  public void close() {
    upstream.close();
  }
}
